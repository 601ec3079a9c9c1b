import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { WEB_SEARCH_TOOL_FORMATS, type WebSearchToolFormat } from '@agent-search/core/views';
import { createSearchMemory, RedisFindingStore, type SearchMemory } from '@agent-search/memory';
import { hasRedisServer, type RunningRedis, startRedisServer } from '@agent-search/testing';
import {
  type ContractAnswer,
  type ContractSetup,
  describeToolContract,
} from '@agent-search/testing/tool-contract';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll } from 'vitest';
import { requireBuiltServer } from './connect.ts';

// The web_search contract through the MCP server as a client reaches it: a server process started from its
// environment, the official SDK client over stdio (StdioClientTransport) and over Streamable HTTP (with the
// server's bearer token). One server per transport and server configuration (format, trust, memory) for
// all the argument cases, never one per case; each failure case gets its own (a long-lived server rests a
// provider that failed, and would answer the next case from that). Over stdio a server is a process; the
// HTTP servers all run in one process (fixtures/contract-http-hub.ts), each its own `runMcpServer`.

requireBuiltServer();
const SERVER = fileURLToPath(new URL('./fixtures/contract-server.ts', import.meta.url));
const HTTP_HUB = fileURLToPath(new URL('./fixtures/contract-http-hub.ts', import.meta.url));
const TOKEN = 'contract-bearer-token-7f3a9c2e5b';
const ASKER = { botId: 'dotty', botName: 'Dotty' };

let redis: RunningRedis | undefined;
// Elena, in this process, teaches the Redis the server's bot (Dotty) recalls from.
let learner: SearchMemory | undefined;
beforeAll(async () => {
  if (hasRedisServer()) redis = await startRedisServer();
});
afterAll(async () => {
  await learner?.close();
  await redis?.stop();
});

/** The server's environment for a set-up: nothing of this process's, and no cache answer between cases. */
function serverEnv(setup: ContractSetup<typeof ASKER, WebSearchToolFormat>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    NODE_NO_WARNINGS: '1',
    LOG_LEVEL: 'silent',
    AGENT_SEARCH_MCP_FORMAT: setup.format,
    SEARCH_TIMEOUT_MS: String(setup.timeoutMs),
    SEARCH_ATTEMPT_TIMEOUT_MS: String(setup.timeoutMs),
    // Cases repeat requests: each must reach the upstream (a millisecond's freshness, nothing stale), and
    // the file's ~50 searches a minute must not meet the per-user limit.
    SEARCH_CACHE_TTL: '0.001',
    SEARCH_CACHE_EMPTY_TTL: '0.001',
    SEARCH_CACHE_STALE_TTL: '0',
    SEARCH_RATE_LIMIT: '0',
    ...(setup.configured ? { CONTRACT_BASE_URL: setup.upstreamUrl } : {}),
    ...(setup.trust === undefined ? {} : { SEARCH_MEMORY_TRUST: String(setup.trust) }),
    ...(setup.memory
      ? {
          REDIS_URL: redis!.url,
          SEARCH_MEMORY_BOT_ID: setup.memory.botId,
          SEARCH_MEMORY_BOT_NAME: setup.memory.botName,
          SEARCH_MEMORY_SCOPE: 'shared',
        }
      : {}),
  };
}

interface Connected {
  client: Client;
  offered: boolean;
  close(): Promise<void>;
}

async function connectOverStdio(env: Record<string, string>): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--disable-warning=ExperimentalWarning', SERVER],
    env,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'contract-stdio', version: '1.0.0' });
  await client.connect(transport);
  return { client, offered: await offersWebSearch(client), close: () => client.close() };
}

/**
 * The file's one process for Streamable HTTP (fixtures/contract-http-hub.ts): every HTTP server of the file
 * is a `runMcpServer` of its own in it, with its own environment, port and state, reached over real HTTP.
 */
function httpHub() {
  let started: ChildProcess | undefined;
  let next = 0;
  let stderr = '';
  const waiting = new Map<string, { resolve(reply: HubReply): void; reject(error: Error): void }>();
  const hub = () => {
    if (started) return started;
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', HTTP_HUB], {
      env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // Drained, so a chatty server never blocks on a full pipe; kept for the error of one that never listens.
    child.stderr!.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-4_000);
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const reply = JSON.parse(line) as HubReply;
      waiting.get(reply.id)?.resolve(reply);
      waiting.delete(reply.id);
    });
    child.once('exit', () => {
      for (const { reject } of waiting.values()) reject(new Error(`the HTTP hub ended: ${stderr}`));
      waiting.clear();
    });
    started = child;
    return child;
  };
  const ask = (command: { id: string; env?: Record<string, string>; stop?: boolean }) => {
    const child = hub();
    return new Promise<HubReply>((resolve, reject) => {
      waiting.set(command.id, { resolve, reject });
      child.stdin!.write(`${JSON.stringify(command)}\n`);
    });
  };
  afterAll(async () => {
    if (!started) return;
    const exited = once(started, 'exit');
    started.stdin!.end();
    await exited;
  });
  return async (env: Record<string, string>) => {
    const id = String(++next);
    const reply = await ask({ id, env });
    if (!reply.url) throw new Error(reply.error ?? 'the HTTP server did not say where it listens');
    return { url: reply.url, stop: () => ask({ id, stop: true }) };
  };
}

type HubReply = { id: string; url?: string; error?: string; stopped?: number };

const startHttpServer = httpHub();

async function connectOverHttp(env: Record<string, string>): Promise<Connected> {
  const server = await startHttpServer({ ...env, AGENT_SEARCH_MCP_TOKEN: TOKEN });
  const client = new Client({ name: 'contract-http', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(server.url), {
      requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
    }),
  );
  return {
    client,
    offered: await offersWebSearch(client),
    close: async () => {
      await client.close();
      await server.stop();
    },
  };
}

async function offersWebSearch(client: Client): Promise<boolean> {
  const { tools } = await client.listTools();
  return tools.some((tool) => tool.name === 'web_search');
}

const textOf = (result: Record<string, unknown>) =>
  ((result.content as { type: string; text: string }[] | undefined) ?? []).map((c) => c.text).join('');

/** One process per transport and configuration, started by the first case that needs it. */
function serverPool(connect: (env: Record<string, string>) => Promise<Connected>) {
  const servers = new Map<string, Promise<Connected>>();
  let isolated = 0;
  afterAll(async () => {
    await Promise.all([...servers.values()].map(async (server) => (await server).close()));
  });
  return async (
    setup: ContractSetup<typeof ASKER, WebSearchToolFormat>,
    args: Record<string, unknown>,
  ): Promise<ContractAnswer> => {
    const env = serverEnv(setup);
    // A failure case gets a process of its own: an earlier case's 429 would leave the provider resting.
    const key = setup.isolated ? `isolated ${++isolated}` : JSON.stringify(env);
    if (!servers.has(key)) servers.set(key, connect(env));
    const server = await servers.get(key)!;
    // Without a usable provider the server offers no web_search, and says why in its instructions.
    if (!server.offered) return { text: server.client.getInstructions() ?? '', notOffered: true };
    const result = await server.client.callTool({ name: 'web_search', arguments: args });
    return { text: textOf(result), isError: result.isError === true };
  };
}

for (const [transport, connect] of [
  ['stdio', connectOverStdio],
  ['Streamable HTTP', connectOverHttp],
] as const) {
  const call = serverPool(connect);
  describeToolContract<typeof ASKER, WebSearchToolFormat>({
    name: `MCP server over ${transport}`,
    formats: WEB_SEARCH_TOOL_FORMATS,
    sharedUpstream: true,
    withoutProvider: 'not offered',
    flagsErrors: () => true,
    call,
    memories() {
      if (!redis) throw new Error('the recalled-finding case needs redis-server on PATH');
      learner ??= createSearchMemory({
        botId: 'elena',
        botName: 'Elena',
        scope: 'shared',
        store: new RedisFindingStore({ url: redis.url }),
      });
      return { learner, asker: ASKER };
    },
  });
}
