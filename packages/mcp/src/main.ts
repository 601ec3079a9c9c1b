import { readFileSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { checkSearchEnv } from '@agent-search/cache/stack';
import { type Env, type ProviderDefinition, readToolSets, SearchConfigError } from '@agent-search/core';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { stdioClientId } from './caller-identity.ts';
import { McpHttpConfigError, startMcpHttpServer } from './http-server.ts';
import { InFlightCalls } from './in-flight.ts';
import { mcpTool } from './layer-tool.ts';
import { createServerLogger } from './logger.ts';
import { readPageTool } from './read-page-tool.ts';
import { PROVIDER_DEFINITIONS } from './registry.ts';
import { searchClientFromEnv, secretsOf } from './search-client.ts';
import { createSearchMcpServer } from './server.ts';
import { LineLimitedStdioTransport } from './stdio-transport.ts';
import { loadToolSets } from './tool-sets.ts';
import { MCP_VARIABLES, readToolFormat } from './variables.ts';
import { webSearchTool } from './web-search-tool.ts';

/** The help text, for the program as it was called (`agent-search-mcp` or `agent-search mcp`). */
export function mcpUsage(program = 'agent-search-mcp'): string {
  return `Usage:
  ${program}                                serve MCP over stdio (for Claude Desktop, IDEs)
  ${program} --http [--port N] [--host H]   serve MCP over Streamable HTTP at /mcp
  ${program} --help | --version

HTTP options:
      --port N    port to listen on (default 8787)
      --host H    address to listen on (default 127.0.0.1); any other needs AGENT_SEARCH_MCP_TOKEN

Environment: the CLI's variables (TAVILY_API_KEY, EXA_API_KEY, PERPLEXITY_API_KEY, SEARCH_PROVIDER_PRIORITY,
REDIS_URL, SEARCH_CACHE_*, SEARCH_RATE_LIMIT, SEARCH_TIMEOUT_MS, WEB_SEARCH_MAX_RESULTS, LOG_LEVEL), and
  AGENT_SEARCH_MCP_TOKEN            bearer token HTTP clients must send (required off loopback)
  AGENT_SEARCH_MCP_ALLOWED_ORIGINS  comma-separated browser origins to accept besides localhost pages
  AGENT_SEARCH_MCP_ALLOWED_HOSTS    comma-separated Host names to accept besides loopback names
  AGENT_SEARCH_MCP_SHUTDOWN_MS      how long SIGTERM waits for searches in flight (default 10000)
  AGENT_SEARCH_MCP_FORMAT           web_search's answer: model (compact text, default) or agent-server
                                    ({type: "web_search_result", query, results, count} envelope)
  SEARCH_USER_ID                    over stdio, the user searches are counted and remembered for
                                    (default: the bot, SEARCH_MEMORY_BOT_ID)
  SEARCH_MCP_TOOLS                  more tools, comma-separated: legal (regulation_search and
                                    case_search; needs @agent-search/legal-cn installed)
`;
}

export const DEFAULT_PORT = 8787;
const DEFAULT_SHUTDOWN_MS = 10_000;

export interface McpMainContext {
  env: Env;
  stdin: Readable;
  stdout: Writable;
  stderr: { write(chunk: string): unknown };
  /** Ends the server (SIGTERM, SIGINT): searches in flight get until the shutdown deadline. */
  signal: AbortSignal;
  /** Provider packages to use instead of the shipped ones. */
  definitions?: readonly ProviderDefinition[];
  /** Program name in messages. */
  program?: string;
}

export function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

class UsageError extends Error {}

function parse(argv: string[]) {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values } = parsed;
  if (!values.http && (values.port !== undefined || values.host !== undefined)) {
    throw new UsageError('--port and --host need --http');
  }
  let port = DEFAULT_PORT;
  if (values.port !== undefined) {
    port = /^\d{1,5}$/.test(values.port.trim()) ? Number(values.port) : -1;
    if (port < 0 || port > 65_535)
      throw new UsageError(`--port must be 0 to 65535 (got "${values.port.slice(0, 20)}")`);
  }
  return { ...values, port, host: values.host?.trim() || '127.0.0.1' };
}

const OPTIONS = {
  http: { type: 'boolean' },
  port: { type: 'string' },
  host: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function shutdownMs(env: Env): number {
  const raw = env.AGENT_SEARCH_MCP_SHUTDOWN_MS?.trim();
  if (!raw) return DEFAULT_SHUTDOWN_MS;
  if (!/^\d+$/.test(raw) || Number(raw) > 600_000) {
    throw new SearchConfigError(
      'AGENT_SEARCH_MCP_SHUTDOWN_MS',
      `expected milliseconds up to 600000, got "${raw.slice(0, 40)}"`,
    );
  }
  return Number(raw);
}

const ended = (signal: AbortSignal, stdin?: Readable) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
    stdin?.once('end', resolve);
    stdin?.once('close', resolve);
  });

/**
 * The server, in-process: parses `argv`, serves until `signal` aborts (or stdin ends, over stdio), lets
 * searches in flight finish within the shutdown deadline and returns the exit code.
 */
export async function runMcpServer(argv: string[], context: McpMainContext): Promise<number> {
  const program = context.program ?? 'agent-search-mcp';
  const say = (text: string) => context.stderr.write(text);
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    say(`${program}: ${error.message}\n\n${mcpUsage(program)}`);
    return 2;
  }
  if (args.help) {
    context.stdout.write(mcpUsage(program));
    return 0;
  }
  if (args.version) {
    context.stdout.write(`${version()}\n`);
    return 0;
  }

  const { env } = context;
  const definitions = context.definitions ?? PROVIDER_DEFINITIONS;
  let search: Awaited<ReturnType<typeof searchClientFromEnv>> | undefined;
  try {
    const logger = createServerLogger(env, context.stderr, secretsOf(env, definitions));
    const deadlineMs = shutdownMs(env);
    // Every variable checked before anything opens, as the CLI and the agent check theirs: a malformed
    // one exits 2 naming it; one nobody reads that looks like a known one mistyped is a warning.
    const check = checkSearchEnv(env, { definitions, app: MCP_VARIABLES });
    for (const mistyped of check.mistyped) say(`${program}: warning: ${mistyped.message}\n`);
    if (check.error) throw check.error;
    const format = readToolFormat(env);
    // Opt-in tool sets (SEARCH_MCP_TOOLS=legal), imported only when asked for: their profiles join the client's.
    const toolSets = await loadToolSets(readToolSets(env));
    search = await searchClientFromEnv(env, definitions, logger, { profiles: toolSets.profiles });
    // Without a usable provider every search would fail: web_search is not offered, and the server says
    // why on stderr and in its instructions, so the model can tell the user search is unavailable.
    const unavailable = search.enabled ? undefined : (search.reason ?? 'No search provider is usable.');
    if (unavailable) say(`${program}: web_search is not offered: ${unavailable}\n`);
    // What searches cost, as the agent app logs it. A vendor's paid search left off although its key is set
    // is said on stderr whatever LOG_LEVEL: whoever set that key may expect it on, and learns how to ask.
    else if (search.consentNeeded) say(`${program}: ${search.cost}\n`);
    else logger.info({ cost: search.cost }, 'web search on');

    const inFlight = new InFlightCalls();
    const searchTools = unavailable
      ? []
      : [
          webSearchTool({ client: search.client, logger, format, trust: search.trust }),
          ...toolSets
            .tools({ client: search.client, readPage: search.readPage, logger })
            .map((tool) => mcpTool(tool, { trust: search?.trust })),
        ];
    const tools = [...searchTools, readPageTool({ read: search.readPage, logger })];
    // Who is asking: over stdio the process's one user (SEARCH_USER_ID, else the bot), over HTTP the client.
    const stdioUser = stdioClientId(env);
    const newServer = (client?: { id: string }) =>
      createSearchMcpServer({
        tools,
        inFlight,
        version: version(),
        clientId: client?.id ?? stdioUser,
        ...(unavailable
          ? {
              notes: [`${unavailable} There is no web_search tool: tell the user you cannot search the web.`],
            }
          : {}),
      });
    const drain = async () => {
      const { finished, aborted } = await inFlight.drain(deadlineMs);
      if (finished + aborted > 0) logger.warn({ finished, aborted }, 'shut down with searches in flight');
    };

    if (!args.http) {
      // The SDK's stdio entry picks the era from the client's first message (`server/discover` for
      // 2026-07-28, `initialize` for 2025) and keeps one server for the connection.
      const stdio = serveStdio(() => newServer(), {
        transport: new LineLimitedStdioTransport(context.stdin, context.stdout),
        onerror: (error) => logger.debug({ error: error.message }, 'mcp stdio: message refused'),
      });
      await ended(context.signal, context.stdin);
      await drain();
      await stdio.close();
      return 0;
    }

    const token = env.AGENT_SEARCH_MCP_TOKEN?.trim() || undefined;
    const http = await startMcpHttpServer({
      createServer: newServer,
      host: args.host,
      port: args.port,
      token,
      allowedOrigins: list(env.AGENT_SEARCH_MCP_ALLOWED_ORIGINS),
      allowedHosts: list(env.AGENT_SEARCH_MCP_ALLOWED_HOSTS),
      logger,
    });
    say(`${program}: listening on ${http.url}${token ? ' (bearer token required)' : ''}\n`);
    await ended(context.signal);
    await http.close(drain);
    return 0;
  } catch (error) {
    if (SearchConfigError.is(error) || error instanceof McpHttpConfigError) {
      say(`${program}: ${SearchConfigError.is(error) ? 'configuration error: ' : ''}${error.message}\n`);
      return 2;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
      say(`${program}: cannot listen on ${args.host}:${args.port} (${code})\n`);
      return 2;
    }
    say(
      `${program}: unexpected error (${error instanceof Error ? error.name : typeof error}): ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  } finally {
    await search?.close().catch(() => undefined);
  }
}
