import { execFile } from 'node:child_process';
import { loadProviderKits } from '@agent-search/registry/testing';
import {
  hasRedisServer,
  type ProviderSimulator,
  type RunningRedis,
  startProviderSimulator,
  startRedisServer,
} from '@agent-search/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, connectStdio, requireBuiltServer } from './connect.ts';
import { loopbackEnv, TAVILY_KEY, textOf } from './loopback.ts';

requireBuiltServer();
let simulator: ProviderSimulator;
let redis: RunningRedis | undefined;
beforeAll(async () => {
  simulator = await startProviderSimulator({ kits: await loadProviderKits() });
  if (hasRedisServer()) redis = await startRedisServer();
});
afterAll(async () => {
  await simulator.close();
  await redis?.stop();
});

/** Starts the server over stdio with only `env` and stdin closed; resolves when it exits. */
function startServer(env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [BIN],
      { env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1', ...env }, timeout: 30_000 },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

// The one start-up check the CLI and the agent run too (`checkSearchEnv`).
describe('agent-search-mcp checks every variable at start-up', () => {
  it.each([
    ['SEARCH_RATE_LIMIT', '10/min', 'SEARCH_RATE_LIMIT: expected a whole number, got "10/min"'],
    ['WEB_SEARCH_MAX_RESULTS', '20', 'WEB_SEARCH_MAX_RESULTS: must be between 1 and 10, got "20"'],
    [
      'AGENT_SEARCH_MCP_FORMAT',
      'html',
      'AGENT_SEARCH_MCP_FORMAT: expected one of results, model, xml, agent-server, structured, sources, json, got "html"',
    ],
    ['SEARCH_USER_ID', 'mark smith', 'SEARCH_USER_ID: must be 1-128 letters, digits'],
  ])('%s=%s: exit 2 and one sentence, nothing on stdout', async (name, value, sentence) => {
    const run = await startServer({ [name]: value });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.startsWith(`agent-search-mcp: configuration error: ${sentence}`), run.stderr).toBe(
      true,
    );
    expect(run.stderr.split('\n')).toHaveLength(2);
  });

  it('names a mistyped variable with the one meant, and serves on', async () => {
    // Exa alone: the Tavily key is only under a name nobody reads.
    const { TAVILY_API_KEY: _, ...env } = loopbackEnv(simulator, { SEARCH_PROVIDER_PRIORITY: 'exa' });
    const session = await connectStdio({ ...env, TAVILY_KEY: TAVILY_KEY, SEARCH_TIMEOUT: '5000' });
    try {
      const { tools } = await session.client.listTools();
      expect(tools.map((t) => t.name)).toContain('web_search');
      expect(session.stderr()).toBe(
        'agent-search-mcp: warning: TAVILY_KEY is not read; did you mean TAVILY_API_KEY?\n' +
          'agent-search-mcp: warning: SEARCH_TIMEOUT is not read; did you mean SEARCH_TIMEOUT_MS?\n',
      );
    } finally {
      await session.client.close();
    }
  });
});

describe('no usable provider: web_search is not offered', () => {
  it('lists read_page only, says why on stderr and in its instructions', async () => {
    // SearXNG is self-hosted: without SEARXNG_URL it cannot search, and it is the only one asked for.
    const session = await connectStdio({ SEARCH_PROVIDER_PRIORITY: 'searxng', LOG_LEVEL: 'silent' });
    try {
      const { tools } = await session.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['read_page']);
      const instructions = session.client.getInstructions() ?? '';
      expect(instructions).toContain(
        'Web search is unavailable: no search provider is usable (searxng: SEARXNG_URL not set',
      );
      expect(instructions).toContain('There is no web_search tool: tell the user you cannot search the web.');
      expect(session.stderr()).toMatch(
        /^agent-search-mcp: web_search is not offered: Web search is unavailable: no search provider is usable \(searxng: SEARXNG_URL not set[^\n]*\n$/,
      );
    } finally {
      await session.client.close();
    }
  });
});

describe.skipIf(!hasRedisServer())('two MCP bots on one Redis: who is asking', () => {
  /** One bot's server process, as its MCP client starts it, on the shared Redis. */
  async function bot(env: Record<string, string>): Promise<Client> {
    const { client } = await connectStdio(loopbackEnv(simulator, { REDIS_URL: redis!.url, ...env }));
    return client;
  }

  /** `count` searches of new questions (each reaches the upstream): how many were refused as rate limited. */
  async function refusals(client: Client, prefix: string, count: number): Promise<number> {
    let refused = 0;
    for (let i = 0; i < count; i++) {
      const result = await client.callTool({ name: 'web_search', arguments: { query: `${prefix} ${i}` } });
      if (result.isError) {
        expect(textOf(result)).toBe('rate limited');
        refused++;
      }
    }
    return refused;
  }

  it.each([
    ['SEARCH_USER_ID', { SEARCH_USER_ID: 'ana' }, { SEARCH_USER_ID: 'mark' }],
    ['their bot ids', { SEARCH_MEMORY_BOT_ID: 'elena' }, { SEARCH_MEMORY_BOT_ID: 'dotty' }],
  ])('with different %s have separate 10-a-minute limits', async (_, envA, envB) => {
    const [a, b] = await Promise.all([bot(envA), bot(envB)]);
    try {
      const tag = Object.values(envA).join('-');
      expect(await refusals(a, `${tag} a question`, 12)).toBe(2);
      // Before: both were the user "mcp:stdio", and every one of these was refused.
      expect(await refusals(b, `${tag} b question`, 10)).toBe(0);
      expect(await refusals(b, `${tag} b more`, 1)).toBe(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('with the same SEARCH_USER_ID share one limit: it is per user', async () => {
    const [a, b] = await Promise.all([
      bot({ SEARCH_USER_ID: 'lena', SEARCH_MEMORY_BOT_ID: 'elena' }),
      bot({ SEARCH_USER_ID: 'lena', SEARCH_MEMORY_BOT_ID: 'dotty' }),
    ]);
    try {
      expect(await refusals(a, 'lena a question', 6)).toBe(0);
      expect(await refusals(b, 'lena b question', 6)).toBe(2);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
