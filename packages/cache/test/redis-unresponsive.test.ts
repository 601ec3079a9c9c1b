import { randomUUID } from 'node:crypto';
import { createSearchClient } from '@agent-search/core';
import { recordingLogger } from '@agent-search/testing';
import { startTcpProxy, type TcpProxy } from '@agent-search/testing/tcp-proxy';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCacheFromEnv } from '../src/index.ts';
import { createHttpProvider } from './fixtures/http-provider.ts';
import { useLoopbackUpstream } from './upstream.ts';

const redisUrl = inject('redisUrl');

// The search API answers at once; every search is a new query (a miss: Redis read, upstream, Redis write).
const upstream = useLoopbackUpstream();

/**
 * Whether a search waits on Redis is counted, not timed (the cost of a search beside an unresponsive Redis
 * is for `pnpm bench`): the proxy in front of redis-server lists every command a client sends, and a store
 * that has found Redis not answering sends none of a search's: only its background PING and the client's
 * own reconnects (CLIENT SETNAME/SETINFO, INFO), which no search waits for.
 */
const NOT_A_SEARCH = new Set(['PING', 'CLIENT', 'INFO', 'SELECT', 'AUTH', 'HELLO']);
const searchCommands = (commands: string[]) => commands.filter((command) => !NOT_A_SEARCH.has(command));
describe.skipIf(!redisUrl)('a Redis that accepts connections but never answers', () => {
  let proxy: TcpProxy;
  beforeAll(async () => {
    proxy = await startTcpProxy(Number(new URL(redisUrl).port));
  });
  afterAll(() => proxy.close());

  const setUp = () => {
    const logger = recordingLogger();
    const cache = createCacheFromEnv(
      // Both limits on: their counters are in Redis too.
      {
        REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
        SEARCH_RATE_LIMIT: '1000',
        SEARCH_GLOBAL_RATE_LIMIT: '1000',
      },
      { logger },
    );
    const client = cache.wrap(createSearchClient({ providers: [createHttpProvider(upstream.url)] }));
    /** `n` searches, each a new query, one after another: each must be answered by the upstream. */
    const searches = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const before = upstream.calls;
        const response = await client.search(
          { query: `unresponsive redis ${randomUUID()}` },
          { userId: 'henry' },
        );
        expect(response.results.length).toBeGreaterThan(0);
        expect(upstream.calls).toBe(before + 1);
      }
    };
    return {
      cache,
      searches,
      // The messages of the warnings logged so far.
      warnings: () => logger.lines.filter((l) => l.level === 'warn').map((l) => l.msg ?? ''),
    };
  };

  /** The commands sent through the proxy while `run` runs. */
  async function commandsDuring(run: () => Promise<void>): Promise<string[]> {
    const from = proxy.commands.length;
    await run();
    return proxy.commands.slice(from);
  }

  it('from the start: detected once, then skipped: searches go on without sending Redis a command', async () => {
    proxy.setMode({ kind: 'stall' });
    const { cache, searches, warnings } = setUp();
    try {
      // The first search waits once, for the connection, and is answered.
      await searches(1);
      expect(warnings().filter((l) => /Redis.*unreachable|not answering/.test(l))).toHaveLength(1);
      const sent = await commandsDuring(() => searches(10));
      expect(searchCommands(sent)).toEqual([]);
      expect(warnings().filter((l) => /Redis.*unreachable|not answering/.test(l))).toHaveLength(1);
    } finally {
      await cache.close();
    }
  });

  it('after answering for a while: detected at the first late answer, then skipped', async () => {
    proxy.setMode({ kind: 'pass' });
    const { cache, searches, warnings } = setUp();
    try {
      // While Redis answers, every search reads and writes it.
      const answering = await commandsDuring(() => searches(3));
      expect(searchCommands(answering).length).toBeGreaterThanOrEqual(3);
      expect(warnings()).toEqual([]);
      proxy.setMode({ kind: 'stall' });
      // The first search meets the late answer (the command timeout, once), and is answered.
      await searches(1);
      expect(warnings().filter((l) => /Redis.*unreachable|not answering/.test(l))).toHaveLength(1);
      const sent = await commandsDuring(() => searches(10));
      expect(searchCommands(sent)).toEqual([]);
      expect(warnings().filter((l) => /Redis.*unreachable|not answering/.test(l))).toHaveLength(1);
    } finally {
      await cache.close();
    }
  });
});
