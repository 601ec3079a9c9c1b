import { parseArgs } from 'node:util';
import {
  isSearchError,
  MAX_RESULTS_LIMIT,
  normalizeRequest,
  normalizeTimeRange,
  SAFE_SEARCH,
  type SafeSearch,
  SEARCH_MODES,
  type SearchMode,
  type SearchRequestInput,
} from '@agent-search/core';

/** A command line the CLI refuses: printed with a pointer to --help, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface SearchCommand {
  kind: 'search';
  request: SearchRequestInput;
  /** Output format: "text" (results for a person) unless --json or --format says otherwise. */
  format: string;
  timeoutMs?: number;
  /** Longest wait for one provider (--attempt-timeout). */
  attemptTimeoutMs?: number;
  cache: boolean;
}

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'providers'; json: boolean }
  | SearchCommand;

export const TIMEOUT_RANGE = { min: 100, max: 120_000 } as const;

const OPTIONS = {
  mode: { type: 'string', short: 'm' },
  max: { type: 'string', short: 'n' },
  time: { type: 'string', short: 't' },
  safe: { type: 'string' },
  site: { type: 'string', multiple: true },
  'exclude-site': { type: 'string', multiple: true },
  region: { type: 'string' },
  profile: { type: 'string', short: 'p' },
  json: { type: 'boolean' },
  format: { type: 'string' },
  timeout: { type: 'string' },
  'attempt-timeout': { type: 'string' },
  'no-cache': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

const SEARCH_ONLY = [
  'profile',
  'mode',
  'max',
  'time',
  'safe',
  'site',
  'exclude-site',
  'region',
  'format',
  'timeout',
  'attempt-timeout',
  'no-cache',
] as const;

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  const v = value.trim().toLowerCase();
  if (!(allowed as readonly string[]).includes(v)) {
    throw new UsageError(`--${flag} must be one of ${allowed.join(', ')} (got "${value.slice(0, 40)}")`);
  }
  return v as T;
}

function integer(flag: string, value: string, min: number, max: number): number {
  const v = value.trim();
  if (!/^\d+$/.test(v))
    throw new UsageError(`--${flag} must be a whole number (got "${value.slice(0, 40)}")`);
  const n = Number(v);
  if (n < min || n > max) throw new UsageError(`--${flag} must be between ${min} and ${max} (got ${n})`);
  return n;
}

// parseArgs' own messages name the problem well; they only need the program name in front.
function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true, tokens: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** The domains a --site/--exclude-site flag names, checked as the client will check them, errors naming the flag. */
function domainsOf(flag: 'site' | 'exclude-site', entries: string[]): string[] {
  const field = flag === 'site' ? 'includeDomains' : 'excludeDomains';
  try {
    normalizeRequest({ query: 'q', [field]: entries });
  } catch (error) {
    if (!isSearchError(error)) throw error;
    throw new UsageError(error.message.replace(field, `--${flag}`));
  }
  return entries;
}

function searchCommand(values: Values, query: string, formats: readonly string[]): SearchCommand {
  if (query === '') throw new UsageError('say what to search for: agent-search "<query>"');
  const request: SearchRequestInput = { query };
  if (values.mode !== undefined) request.mode = oneOf<SearchMode>('mode', values.mode, SEARCH_MODES);
  if (values.max !== undefined) request.maxResults = integer('max', values.max, 1, MAX_RESULTS_LIMIT);
  if (values.time !== undefined) {
    const timeRange = normalizeTimeRange(values.time);
    if (!timeRange)
      throw new UsageError(`--time must be one of d, w, m, y (got "${values.time.slice(0, 40)}")`);
    request.timeRange = timeRange;
  }
  if (values.safe !== undefined) request.safeSearch = oneOf<SafeSearch>('safe', values.safe, SAFE_SEARCH);
  if (values.region !== undefined) {
    const region = values.region.trim().toLowerCase();
    if (!/^[a-z]{2}-[a-z]{2}$/.test(region)) {
      throw new UsageError(`--region must look like us-en or de-de (got "${values.region.slice(0, 40)}")`);
    }
    request.region = region;
  }
  // Profile names are checked by the client against the configured profiles (exit 2 when unknown).
  if (values.profile !== undefined) request.profile = values.profile.trim().toLowerCase();
  if (values.site) request.includeDomains = domainsOf('site', values.site);
  if (values['exclude-site']) request.excludeDomains = domainsOf('exclude-site', values['exclude-site']);

  let format = 'text';
  if (values.format !== undefined) {
    format = oneOf('format', values.format, formats);
    if (values.json && format !== 'json')
      throw new UsageError('--json and --format disagree; use one of them');
  } else if (values.json) format = 'json';

  const command: SearchCommand = { kind: 'search', request, format, cache: !values['no-cache'] };
  if (values.timeout !== undefined) {
    command.timeoutMs = integer('timeout', values.timeout, TIMEOUT_RANGE.min, TIMEOUT_RANGE.max);
  }
  if (values['attempt-timeout'] !== undefined) {
    command.attemptTimeoutMs = integer(
      'attempt-timeout',
      values['attempt-timeout'],
      TIMEOUT_RANGE.min,
      TIMEOUT_RANGE.max,
    );
  }
  return command;
}

/**
 * Reads the command line strictly: unknown flags, bad values and an empty query are usage errors, so a
 * typo never silently changes a search. `formats` are the names --format accepts.
 */
export function parseCommand(argv: string[], formats: readonly string[]): Command {
  const { values, positionals, tokens } = parse(argv);
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };

  // "providers" is a subcommand unless it comes after "--": `agent-search -- providers` searches for it.
  const terminator = tokens.findIndex((t) => t.kind === 'option-terminator');
  const first = tokens.findIndex((t) => t.kind === 'positional');
  const isSubcommand = positionals[0] === 'providers' && (terminator === -1 || first < terminator);
  if (isSubcommand) {
    if (positionals.length > 1)
      throw new UsageError(`"providers" takes no arguments (got "${positionals[1]}")`);
    const misplaced = SEARCH_ONLY.find((flag) => values[flag] !== undefined);
    if (misplaced) throw new UsageError(`--${misplaced} applies to searches, not to "providers"`);
    return { kind: 'providers', json: values.json ?? false };
  }
  const query = positionals.join(' ').replace(/\s+/gu, ' ').trim();
  return searchCommand(values, query, formats);
}
