import { createCacheFromEnv } from '@agent-search/cache';
import { createSearchMemory, RedisFindingStore } from '@agent-search/memory';
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
import { connectStdio, requireBuiltServer } from './connect.ts';
import { loopbackEnv, textOf } from './loopback.ts';

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

/** One MCP server process for one bot, started the way an MCP client starts it. */
async function botServer(memoryEnv: Record<string, string>) {
  const { client } = await connectStdio(
    loopbackEnv(simulator, { REDIS_URL: redis!.url, SEARCH_MEMORY_SCOPE: 'shared', ...memoryEnv }),
  );
  return client;
}

interface Structured {
  provider: string;
  results: { url: string }[];
  learned?: { botId: string; botName: string; note: string };
}

describe.skipIf(!hasRedisServer())('a search memory through MCP, two server processes on one Redis', () => {
  it('B recalls what A learned with no upstream call, naming A; a stranger’s search is not kept; forgetUser removes it', async () => {
    const elena = await botServer({
      SEARCH_MEMORY_BOT_ID: 'elena',
      SEARCH_MEMORY_BOT_NAME: 'Elena',
      SEARCH_MEMORY_TRUST: '50',
      // The same person talks to both bots.
      SEARCH_USER_ID: 'mark',
    });
    const dotty = await botServer({
      SEARCH_MEMORY_BOT_ID: 'dotty',
      SEARCH_MEMORY_BOT_NAME: 'Dotty',
      SEARCH_MEMORY_TRUST: '50',
      SEARCH_USER_ID: 'mark',
    });
    const stranger = await botServer({ SEARCH_MEMORY_BOT_ID: 'jake', SEARCH_MEMORY_TRUST: '10' });
    const adminStore = new RedisFindingStore({ url: redis!.url });
    const admin = adminStore.client;
    const upstream = () => simulator.calls('tavily') + simulator.calls('exa');
    try {
      const search = async (client: Client, query: string) => {
        const result = await client.callTool({ name: 'web_search', arguments: { query } });
        expect(result.isError).toBeFalsy();
        return { structured: result.structuredContent as unknown as Structured, text: textOf(result) };
      };
      simulator.reset();
      const first = await search(elena, 'capital of Kazakhstan');
      expect(first.structured.provider).toBe('tavily');
      const upstreamBefore = upstream();

      const recalled = await search(dotty, "what's the capital of Kazakhstan");
      expect(upstream()).toBe(upstreamBefore);
      expect(recalled.structured.provider).toBe('memory');
      expect(recalled.structured.learned).toMatchObject({ botId: 'elena', botName: 'Elena' });
      expect(recalled.text).toMatch(/Elena learned this on \d{4}-\d\d-\d\d from .*quoted web content/);
      expect(recalled.structured.results.map((r) => r.url)).toEqual(
        first.structured.results.map((r) => r.url),
      );

      // A stranger-tier caller's search is answered, not kept.
      const findings = async () => (await admin.keys('agent-search:memory:f:*')).length;
      expect(await findings()).toBe(1);
      await search(stranger, 'population of Kazakhstan');
      expect(await findings()).toBe(1);
      expect((await search(dotty, 'population of Kazakhstan')).structured.provider).not.toBe('memory');

      // Dotty's own search for a friend was kept: two findings of the user "mcp:mark" (SEARCH_USER_ID).
      expect(await findings()).toBe(2);
      // Forgetting the user removes them for every bot, and the answers their searches left in the cache.
      const cache = createCacheFromEnv({ REDIS_URL: redis!.url });
      const forgetter = createSearchMemory({
        botId: 'admin',
        store: new RedisFindingStore({ url: redis!.url }),
        alsoForget: [cache],
      });
      expect(await forgetter.forgetUser('mcp:mark')).toBe(2);
      await forgetter.close();
      await cache.close();
      expect(await findings()).toBe(0);
      // The answer Elena's search for Mark put in the shared cache is gone: a server without a memory, which
      // asks the cache alone, reaches the web for it (before, it was served from the cache for a day).
      const plain = await botServer({});
      try {
        const again = upstream();
        const asked = await search(plain, 'capital of Kazakhstan');
        expect(asked.structured.provider).toBe('tavily');
        expect((asked.structured as unknown as { cached: boolean }).cached).toBe(false);
        expect(upstream()).toBe(again + 1);
      } finally {
        await plain.close();
      }
      expect((await search(dotty, "what's the capital of Kazakhstan")).structured.provider).not.toBe(
        'memory',
      );
      // That search went to the web, and Dotty kept it anew.
      expect(await findings()).toBe(1);
    } finally {
      await Promise.all([elena.close(), dotty.close(), stranger.close()]);
      await adminStore.close();
    }
  }, 45_000); // four server processes and an admin, on a shared machine
});

describe.skipIf(!hasRedisServer())('two bots’ MCP servers on one Redis, each its own user', () => {
  it('have separate rate limits and separate forgetting; a forgotten user’s cached answers are not served', async () => {
    // No SEARCH_USER_ID: each stdio server's user is its bot (`mcp:stdio:<bot>`), never one shared `mcp:stdio`.
    const bot = (id: string, name: string) =>
      botServer({
        SEARCH_MEMORY_BOT_ID: id,
        SEARCH_MEMORY_BOT_NAME: name,
        SEARCH_MEMORY_TRUST: '50',
        SEARCH_MEMORY_SCOPE: 'private',
        SEARCH_RATE_LIMIT: '2',
      });
    const [elena, dotty] = await Promise.all([bot('elena', 'Elena'), bot('dotty', 'Dotty')]);
    const upstream = () => simulator.calls('tavily') + simulator.calls('exa');
    const ask = (client: Client, query: string) =>
      client.callTool({ name: 'web_search', arguments: { query } });
    try {
      simulator.reset();
      expect((await ask(elena, 'boiler service interval')).isError).toBeFalsy();
      expect((await ask(elena, 'heat pump noise levels')).isError).toBeFalsy();
      const third = await ask(elena, 'solar panel tilt angle');
      expect(third.isError).toBe(true);
      expect(textOf(third)).toBe('rate limited');
      // Elena's two searches used up her minute, not Dotty's.
      expect((await ask(dotty, 'loft insulation depth')).isError).toBeFalsy();
      expect((await ask(dotty, 'draught excluder types')).isError).toBeFalsy();
      expect(upstream()).toBe(4);

      // Forgetting Elena's user forgets her findings and her cached answers, and nothing of Dotty's.
      const cache = createCacheFromEnv({ REDIS_URL: redis!.url });
      const forgetter = createSearchMemory({
        botId: 'admin',
        store: new RedisFindingStore({ url: redis!.url }),
        alsoForget: [cache],
      });
      try {
        expect(await forgetter.forgetUser('mcp:stdio:elena')).toBe(2);
        expect(await forgetter.forgetUser('mcp:stdio:elena')).toBe(0);
      } finally {
        await forgetter.close();
        await cache.close();
      }
      // A server with no memory asks the cache alone: Elena's question goes to the web again, Dotty's is
      // still answered from the cache.
      const plain = await botServer({});
      try {
        const before = upstream();
        const forgotten = await ask(plain, 'boiler service interval');
        expect(forgotten.structuredContent).toMatchObject({ cached: false });
        expect(upstream()).toBe(before + 1);
        const kept = await ask(plain, 'loft insulation depth');
        expect(kept.structuredContent).toMatchObject({ cached: true });
        expect(upstream()).toBe(before + 1);
      } finally {
        await plain.close();
      }
    } finally {
      await Promise.all([elena.close(), dotty.close()]);
    }
  }, 45_000); // three server processes on a shared machine
});
