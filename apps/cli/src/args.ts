import { parseArgs } from 'node:util';
import {
  isSearchError,
  normalizeRequest,
  SAFE_SEARCH,
  type SafeSearch,
  type SearchRequestInput,
} from '@agent-search/core';
import { readWebSearchArguments, type WebSearchFormat } from '@agent-search/core/tool';
import { VIEW_FORMATS } from '@agent-search/core/view-formats';

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
  /** Who is searching (--user): per-user rate limits, and the user the search memory records. */
  userId?: string;
}

/**
 * `--args '<json>'`: one web_search call as a model makes it, the raw arguments read by the tool layer as
 * every surface reads them (lenient: numeric strings, any letter case, aliases, clamping), printed in a
 * web_search format (`--format`, default `model`): the CLI as a tool surface, for scripts and agents.
 */
export interface ToolCallCommand {
  kind: 'tool';
  /** The model's raw arguments (a JSON object), as given. */
  rawArguments: Record<string, unknown>;
  format: WebSearchFormat;
  /** Who is searching (--user). */
  userId?: string;
  timeoutMs?: number;
  attemptTimeoutMs?: number;
  cache: boolean;
}

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'providers'; json: boolean }
  | SearchCommand
  | ToolCallCommand;

export const TIMEOUT_RANGE = { min: 100, max: 120_000 } as const;

const OPTIONS = {
  mode: { type: 'string', short: 'm' },
  max: { type: 'string', short: 'n' },
  'num-results': { type: 'string' },
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
  args: { type: 'string' },
  user: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

const SEARCH_ONLY = [
  'profile',
  'mode',
  'max',
  'num-results',
  'time',
  'safe',
  'site',
  'exclude-site',
  'region',
  'format',
  'timeout',
  'attempt-timeout',
  'no-cache',
  'args',
  'user',
] as const;

// The flags that shape a request: `--args` carries the request itself, so none of them goes with it.
const REQUEST_FLAGS = [
  'profile',
  'mode',
  'max',
  'num-results',
  'time',
  'safe',
  'site',
  'exclude-site',
  'region',
] as const;

// What a user id may be (as the MCP server's SEARCH_USER_ID): it becomes a rate-limit key and the id
// `forgetUser` takes, so it is short and printable.
const USER_ID = /^[\w.:@-]{1,128}$/;

// The tool layer's formats (`WEB_SEARCH_FORMATS` of `@agent-search/core/tool`), named from the light
// view-formats module: every command reads its flags, and most never load the tool layer.
const TOOL_FORMATS: readonly WebSearchFormat[] = ['results', ...VIEW_FORMATS];

// A web_search call's arguments are a few short fields; anything longer is not one.
const MAX_ARGS_CHARS = 16_384;

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
function domainsOf(
  flag: 'site' | 'exclude-site',
  entries: string | readonly string[],
): string | readonly string[] {
  const field = flag === 'site' ? 'includeDomains' : 'excludeDomains';
  try {
    normalizeRequest({ query: 'q', [field]: entries });
  } catch (error) {
    if (!isSearchError(error)) throw error;
    throw new UsageError(error.message.replace(field, `--${flag}`));
  }
  return entries;
}

function userOf(values: Values): { userId?: string } {
  if (values.user === undefined) return {};
  const user = values.user.trim();
  if (!USER_ID.test(user)) {
    throw new UsageError(
      `--user must be 1-128 letters, digits, "_", "-", ".", ":" or "@" (got "${values.user.slice(0, 40)}")`,
    );
  }
  return { userId: user };
}

function deadlines(values: Values): { timeoutMs?: number; attemptTimeoutMs?: number } {
  return {
    ...(values.timeout === undefined
      ? {}
      : { timeoutMs: integer('timeout', values.timeout, TIMEOUT_RANGE.min, TIMEOUT_RANGE.max) }),
    ...(values['attempt-timeout'] === undefined
      ? {}
      : {
          attemptTimeoutMs: integer(
            'attempt-timeout',
            values['attempt-timeout'],
            TIMEOUT_RANGE.min,
            TIMEOUT_RANGE.max,
          ),
        }),
  };
}

/** `--args`: the JSON object is checked to be one, and nothing more; the tool layer reads what it holds. */
function toolCallCommand(values: Values, raw: string, positionals: readonly string[]): ToolCallCommand {
  if (positionals.length > 0) {
    throw new UsageError('--args holds the query: give the arguments or a query, not both');
  }
  const flag = REQUEST_FLAGS.find((name) => values[name] !== undefined);
  if (flag) throw new UsageError(`--${flag} does not go with --args: put it in the arguments`);
  if (raw.length > MAX_ARGS_CHARS) {
    throw new UsageError(`--args is ${raw.length} characters long; the limit is ${MAX_ARGS_CHARS}`);
  }
  let rawArguments: unknown;
  try {
    rawArguments = JSON.parse(raw);
  } catch {
    throw new UsageError('--args must be a JSON object, e.g. \'{"query": "heat pumps", "max_results": 3}\'');
  }
  if (typeof rawArguments !== 'object' || rawArguments === null || Array.isArray(rawArguments)) {
    throw new UsageError('--args must be a JSON object, e.g. \'{"query": "heat pumps", "max_results": 3}\'');
  }
  let format: WebSearchFormat = 'model';
  if (values.format !== undefined) {
    format = oneOf('format', values.format, TOOL_FORMATS);
    if (values.json && format !== 'json')
      throw new UsageError('--json and --format disagree; use one of them');
  } else if (values.json) format = 'json';
  return {
    kind: 'tool',
    rawArguments: rawArguments as Record<string, unknown>,
    format,
    cache: !values['no-cache'],
    ...userOf(values),
    ...deadlines(values),
  };
}

/**
 * The request flags as a `web_search` call's raw arguments, for the tool layer's one reading (as `--args`
 * and every surface): `--max 0` is the default, `--mode VIDEOS` is videos, an unknown mode is text, an
 * unknown `--time` or a malformed `--region` is none, a count out of range is clamped.
 */
function flagArguments(values: Values, query: string): Record<string, unknown> {
  return {
    query,
    mode: values.mode,
    // `--max` and `--num-results` are `max_results` and `num_results`: the first wins, as in a call.
    max_results: values.max,
    num_results: values['num-results'],
    time_range: values.time,
    include_sites: values.site,
    exclude_sites: values['exclude-site'],
    region: values.region,
  };
}

function searchCommand(values: Values, query: string, formats: readonly string[]): SearchCommand {
  if (query === '') throw new UsageError('say what to search for: agent-search "<query>"');
  const read = readWebSearchArguments(flagArguments(values, query));
  // The layer's one refusal left (a query too long) is the client's too: it refuses the request as it
  // refuses any (exit 2, and its envelope in --format agent-server).
  const request: SearchRequestInput = read.ok ? read.request : { query };
  if (values.safe !== undefined) request.safeSearch = oneOf<SafeSearch>('safe', values.safe, SAFE_SEARCH);
  // Profile names are checked by the client against the configured profiles (exit 2 when unknown).
  if (values.profile !== undefined) request.profile = values.profile.trim().toLowerCase();
  // A malformed domain is the client's refusal; checked here to name the flag.
  if (request.includeDomains) request.includeDomains = domainsOf('site', request.includeDomains);
  if (request.excludeDomains) request.excludeDomains = domainsOf('exclude-site', request.excludeDomains);

  let format = 'text';
  if (values.format !== undefined) {
    format = oneOf('format', values.format, formats);
    if (values.json && format !== 'json')
      throw new UsageError('--json and --format disagree; use one of them');
  } else if (values.json) format = 'json';

  const command: SearchCommand = {
    kind: 'search',
    request,
    format,
    cache: !values['no-cache'],
    ...userOf(values),
    ...deadlines(values),
  };
  return command;
}

/**
 * Reads the command line: an unknown flag, a bad value of the command's own options (`--format`,
 * `--timeout`, `--safe`, `--user`, ...) and an empty query are usage errors, so a typo never silently
 * changes what the command does; the request flags (`--mode`, `--max`, `--time`, `--region`, `--site`) are
 * a web_search call's arguments, read by the tool layer's one lenient reading. `formats` are the names
 * --format accepts.
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
  if (values.args !== undefined) return toolCallCommand(values, values.args, positionals);
  const query = positionals.join(' ').replace(/\s+/gu, ' ').trim();
  return searchCommand(values, query, formats);
}
