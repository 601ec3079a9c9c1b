import { readFileSync } from 'node:fs';
import { checkSearchEnv, createSearchStack, type SearchStack, secretsOf } from '@agent-search/cache/stack';
import {
  type Env,
  isAbortError,
  isSearchError,
  type Logger,
  type ProviderDefinition,
  plainText,
  redactSecrets,
  type SearchClient,
  type SearchConfig,
  SearchConfigError,
  SearchError,
  type SearchResponse,
} from '@agent-search/core';
import { withLegalProfiles } from '@agent-search/legal-cn/profiles';
import type { EnvSearchMemory } from '@agent-search/memory';
import { type Command, parseCommand, type SearchCommand, type ToolCallCommand, UsageError } from './args.ts';
import {
  healthFile,
  hedgeFile,
  readHealth,
  readHedgeUsage,
  writeHealth,
  writeHedgeUsage,
} from './health-state.ts';
import { createCliLogger } from './logger.ts';
import { OUTPUT_FORMATS, renderResponse } from './output-format.ts';
import { PROVIDER_DEFINITIONS } from './registry.ts';
import { CLI_VARIABLES } from './variables.ts';

/** What the command writes to: process.stdout/stderr, or test doubles. */
export interface CliStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface CliContext {
  env: Env;
  stdout: CliStream;
  stderr: CliStream;
  /** Aborts the search (Ctrl-C). */
  signal?: AbortSignal;
  /** Provider packages to use instead of the shipped ones. */
  definitions?: readonly ProviderDefinition[];
  now?: () => number;
}

/** The context after defaults are applied. */
type RunContext = CliContext & { definitions: readonly ProviderDefinition[]; now: () => number };

export const EXIT_CODES = { ok: 0, internal: 1, usage: 2, searchFailed: 3, interrupted: 130 } as const;

const PROGRAM = 'agent-search';

export function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** `stream` with every secret replaced on the way out: the one place output is redacted. */
function redacting(stream: CliStream, secrets: readonly string[]): CliStream {
  return {
    write: (chunk: string) => stream.write(redactSecrets(chunk, secrets)),
    ...(stream.isTTY === undefined ? {} : { isTTY: stream.isTTY }),
    ...(stream.columns === undefined ? {} : { columns: stream.columns }),
  };
}

class Session {
  readonly config: SearchConfig;
  readonly client: SearchClient;
  readonly #stack: SearchStack;
  readonly #healthFile: string | undefined;
  readonly #memory: EnvSearchMemory | undefined;

  constructor(stack: SearchStack, healthFile: string | undefined, memory?: EnvSearchMemory) {
    this.config = stack.config;
    this.client = memory ? memory.wrap(stack.client) : stack.client;
    this.#stack = stack;
    this.#healthFile = healthFile;
    this.#memory = memory;
  }

  /**
   * Saves provider health for the next run, and closes Redis connections so the process can end (never
   * waiting more than a second).
   */
  async close(): Promise<void> {
    if (this.#healthFile) {
      writeHealth(this.#healthFile, this.config.client.health());
      const usage = this.config.client.hedgeUsage?.();
      if (usage) writeHedgeUsage(hedgeFile(this.#healthFile), usage);
    }
    await this.#memory?.close();
    await this.#stack.close();
  }
}

// What the cache reads (docs/cache.md). Without any of them it would be a memory cache and default
// limits inside one process that makes one search: nothing it could serve or refuse, so it is not loaded
// (~25 modules, a sixth of a search's CPU). A variable that is set is still checked (a malformed one exits 2).
const CACHE_VARIABLE = /^(REDIS_URL|(WEB_)?SEARCH_RATE_LIMIT|SEARCH_CACHE_\w+|SEARCH_GLOBAL_\w+)$/;

function cacheConfigured(env: Env): boolean {
  return Object.entries(env).some(([name, value]) => CACHE_VARIABLE.test(name) && value?.trim());
}

async function openSession(
  env: Env,
  definitions: readonly ProviderDefinition[],
  loggers: { chain: Logger; cache: Logger },
  withCache: boolean,
): Promise<Session> {
  const file = healthFile(env);
  const initialHealth = file ? readHealth(file) : [];
  const initialHedgeUsage = file ? readHedgeUsage(hedgeFile(file)) : undefined;
  // The cache is loaded only for a search that uses it: `providers` and --no-cache start without it.
  const stack = await createSearchStack(env, {
    definitions,
    cache: withCache && cacheConfigured(env) ? 'required' : 'off',
    // One search, then exit: the cache's copies end with the process.
    oneShot: true,
    cacheLogger: loggers.cache,
    client: {
      // --profile regulation and case (Chinese law sites), under any SEARCH_PROFILES.
      profiles: withLegalProfiles(),
      logger: loggers.chain,
      initialHealth,
      ...(initialHedgeUsage ? { initialHedgeUsage } : {}),
    },
  });
  // Opt-in (SEARCH_MEMORY_BOT_ID), like the cache: --no-cache searches without memory too. Loaded only
  // then: the memory brings ioredis, which a search without Redis never loads.
  let memory: EnvSearchMemory | undefined;
  try {
    memory =
      withCache && env.SEARCH_MEMORY_BOT_ID?.trim()
        ? (await import('@agent-search/memory')).searchMemoryFromEnv(env, {
            logger: loggers.cache,
            // Forgetting a user forgets the answers their searches put in the cache too.
            ...(stack.cache ? { alsoForget: [stack.cache] } : {}),
          })
        : undefined;
  } catch (error) {
    await stack.close();
    throw error;
  }
  return new Session(stack, file, memory);
}

async function runSearch(command: SearchCommand, session: Session, context: RunContext): Promise<number> {
  const { stdout, stderr, env } = context;
  const { config, client } = session;
  const say = (text: string) => stderr.write(text);
  // The agent-server envelope has an error form: an agent server reading stdout gets it, not silence.
  const envelopeError = async (error: unknown) => {
    if (command.format !== 'agent-server') return;
    const { toAgentServerError } = await import('@agent-search/core/views');
    stdout.write(`${JSON.stringify(toAgentServerError(String(command.request.query), error))}\n`);
  };
  if (!config.enabled) {
    const reason = config.reason ?? 'No search provider is usable.';
    await envelopeError(new SearchError('no_provider', reason));
    say(`${PROGRAM}: search failed (no_provider)\n${reason}\n`);
    return EXIT_CODES.searchFailed;
  }

  // A dumb terminal cannot erase a line: no spinner there.
  const animate = stderr.isTTY && env.TERM !== 'dumb' && command.format === 'text';
  const spinner = animate ? (await import('./spinner.ts')).startSpinner(stderr, 'Searching…') : undefined;
  let response: SearchResponse;
  try {
    response = await client.search(command.request, {
      ...(context.signal ? { signal: context.signal } : {}),
      ...(command.userId === undefined ? {} : { userId: command.userId }),
    });
  } catch (error) {
    spinner?.stop();
    if (isSearchError(error)) {
      await envelopeError(error);
      if (error.code === 'invalid_request') {
        say(`${PROGRAM}: ${plainText(error.message)}\n`);
        return EXIT_CODES.usage;
      }
      // Loaded on failure only, as the listings, the spinner and the usage text are loaded for their
      // own commands: one search loads what it prints and little more (start-up is a benchmarked figure).
      const { explainSearchError } = await import('./error-message.ts');
      const explanation = explainSearchError(error, {
        providers: config.providers,
        keyVariables: new Map(context.definitions.flatMap((d) => (d.apiKeyEnv ? [[d.id, d.apiKeyEnv]] : []))),
        timeoutMs: config.timeoutMs,
        mode: typeof command.request.mode === 'string' ? command.request.mode : 'text',
      });
      const tried = (error.attempts ?? []).map(
        (a) =>
          `  ${a.provider}: ${a.outcome === 'error' ? `${a.code}: ` : `${a.outcome}: `}${plainText(a.reason ?? '')}`,
      );
      const detail = tried.length > 0 ? tried : [`  ${plainText(error.message)}`];
      say(`${PROGRAM}: search failed (${error.code})\n${explanation}\n${detail.join('\n')}\n`);
      return EXIT_CODES.searchFailed;
    }
    if (isAbortError(error) && context.signal?.aborted) {
      await envelopeError(error);
      say(`${PROGRAM}: search cancelled\n`);
      return EXIT_CODES.interrupted;
    }
    throw error;
  }
  spinner?.stop();

  const color = stdout.isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb';
  stdout.write(
    await renderResponse(response, command.format, {
      color,
      now: context.now(),
      providerNames: new Map(config.providers.map((p) => [p.id, p.name])),
      ...(stdout.columns ? { width: stdout.columns } : {}),
    }),
  );
  return EXIT_CODES.ok;
}

/**
 * `--args`: one web_search call through the tool layer, as every surface makes it: the raw arguments read
 * leniently, the caller's policy (SEARCH_MEMORY_TRUST: a stranger gets 3 results), the search (memory
 * first with SEARCH_MEMORY_BOT_ID), and the answer or the failure in the format's own form on stdout.
 */
async function runToolCall(command: ToolCallCommand, session: Session, context: RunContext): Promise<number> {
  const { runWebSearchTool } = await import('@agent-search/core/tool');
  const { env } = context;
  // Loaded only when set: the memory package brings ioredis, which a plain call never loads.
  const trust = env.SEARCH_MEMORY_TRUST?.trim()
    ? (await import('@agent-search/memory')).trustFromEnv(env)
    : undefined;
  const answer = await runWebSearchTool(command.rawArguments, {
    client: session.client,
    format: command.format,
    userId: command.userId,
    trust,
    signal: context.signal,
    now: context.now,
  });
  context.stdout.write(answer.text.endsWith('\n') ? answer.text : `${answer.text}\n`);
  if (answer.outcome.status === 'answered') return EXIT_CODES.ok;
  return answer.outcome.code === 'cancelled' ? EXIT_CODES.interrupted : EXIT_CODES.searchFailed;
}

async function runProviders(json: boolean, session: Session, context: RunContext): Promise<number> {
  const { formatProviders, listProviders } = await import('./providers-output.ts');
  const listings = listProviders(session.config, context.definitions);
  if (json) {
    const { enabled, reason, cost } = session.config;
    context.stdout.write(
      `${JSON.stringify({ enabled, ...(reason ? { reason } : {}), cost, providers: listings }, null, 2)}\n`,
    );
  } else {
    context.stdout.write(formatProviders(listings, context.now()));
    if (!session.config.enabled) context.stdout.write(`\n${session.config.reason}\n`);
    // Which searches cost money, and which paid ones are off until asked for and how to turn them on.
    if (session.config.cost) context.stdout.write(`\n${session.config.cost}\n`);
  }
  return EXIT_CODES.ok;
}

/**
 * The whole command, in-process: parses `argv`, runs it and returns the exit code. Never throws and never
 * prints a stack trace or an API key.
 */
export async function main(argv: string[], context: CliContext): Promise<number> {
  const definitions = context.definitions ?? PROVIDER_DEFINITIONS;
  const secrets = secretsOf(context.env, definitions);
  const stdout = redacting(context.stdout, secrets);
  const stderr = redacting(context.stderr, secrets);
  const full: RunContext = { ...context, stdout, stderr, definitions, now: context.now ?? Date.now };
  const say = (text: string) => stderr.write(text);
  // `read <url>` has its own options; everything else is a search or a listing. The reader (an HTML
  // parser and its DOM, most of what the command could load) is loaded only for it.
  if (argv[0] === 'read') return (await import('./read-command.ts')).runReadCommand(argv.slice(1), full);

  let command: Command;
  try {
    command = parseCommand(argv, OUTPUT_FORMATS);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    // One line for what is wrong and one for where to look: the whole usage would scroll the message away.
    say(`${PROGRAM}: ${error.message}\nRun "${PROGRAM} --help" for usage.\n`);
    return EXIT_CODES.usage;
  }
  if (command.kind === 'help') {
    stdout.write((await import('./usage.ts')).usage(OUTPUT_FORMATS));
    return EXIT_CODES.ok;
  }
  if (command.kind === 'version') {
    stdout.write(`${version()}\n`);
    return EXIT_CODES.ok;
  }

  let session: Session | undefined;
  try {
    const env: Env =
      command.kind === 'search' || command.kind === 'tool'
        ? {
            ...context.env,
            ...(command.timeoutMs === undefined ? {} : { SEARCH_TIMEOUT_MS: String(command.timeoutMs) }),
            ...(command.attemptTimeoutMs === undefined
              ? {}
              : { SEARCH_ATTEMPT_TIMEOUT_MS: String(command.attemptTimeoutMs) }),
          }
        : context.env;
    const loggers = {
      // Failed attempts are listed in the CLI's own failure message: chain logs only from LOG_LEVEL=warn.
      chain: createCliLogger(env, stderr),
      // An unreachable Redis is said once, by default: the search still works, but the user should know.
      cache: createCliLogger(env, stderr, 'warn'),
    };
    // Every variable checked before anything opens, as the agent and the MCP server check theirs: a
    // malformed one exits 2 naming it; one nobody reads that looks like a known one mistyped is a warning.
    const check = checkSearchEnv(env, { definitions, app: CLI_VARIABLES });
    for (const mistyped of check.mistyped) say(`${PROGRAM}: warning: ${mistyped.message}\n`);
    if (check.error) throw check.error;
    const withCache = command.kind !== 'providers' && command.cache;
    session = await openSession(env, definitions, loggers, withCache);
    if (command.kind === 'providers') return await runProviders(command.json, session, full);
    return command.kind === 'tool'
      ? await runToolCall(command, session, full)
      : await runSearch(command, session, full);
  } catch (error) {
    if (SearchConfigError.is(error)) {
      say(`${PROGRAM}: configuration error: ${plainText(error.message)}\n`);
      return EXIT_CODES.usage;
    }
    // Only the class and message: a stack trace helps nobody at a terminal, and messages are redacted.
    const kind = error instanceof Error ? error.name : typeof error;
    const message = error instanceof Error ? error.message : String(error);
    say(`${PROGRAM}: unexpected error (${kind}): ${plainText(message)}\n`);
    return EXIT_CODES.internal;
  } finally {
    await session?.close();
  }
}
