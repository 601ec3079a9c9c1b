import { randomUUID } from 'node:crypto';
import { createSearchClient } from '@agent-search/core';
import { recordingLogger } from '@agent-search/testing';
import { startTcpProxy, type TcpProxy } from '@agent-search/testing/tcp-proxy';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCacheFromEnv } from '../src/index.ts';
import { createHttpProvider } from './fixtures/http-provider.ts';
import { useLoopbackUpstream } from './upstream.ts';

const redisUrl = inject('redisUrl');

// The search API answers at once, so the time a search takes is the cache's own.
const upstream = useLoopbackUpstream();

/** Milliseconds each of `n` searches takes, each a new query (a miss: Redis read, upstream, Redis write). */
async function timings(search: (query: string) => Promise<unknown>, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await search(`unresponsive redis ${randomUUID()}`);
    times.push(performance.now() - started);
  }
  return times;
}

describe.skipIf(!redisUrl)('a Redis that accepts connections but never answers', () => {
  let proxy: TcpProxy;
  beforeAll(async () => {
    proxy = await startTcpProxy(Number(new URL(redisUrl).port));
  });
  afterAll(() => proxy.close());

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  /** What a search costs here without Redis: the same upstream, a memory cache. */
  async function baseline(): Promise<number> {
    const cache = createCacheFromEnv({ SEARCH_RATE_LIMIT: '1000' });
    const client = cache.wrap(createSearchClient({ providers: [createHttpProvider(upstream.url)] }));
    const times = await timings((query) => client.search({ query }, { userId: 'henry' }), 10);
    await cache.close();
    return median(times);
  }
  /** After detection: no search waits on Redis, and the typical one costs a few ms more than without it. */
  async function expectSkipped(rest: number[]) {
    // Well under Redis's 500 ms command timeout: a search that waited on Redis would show.
    expect(Math.max(...rest)).toBeLessThan(250);
    expect(median(rest) - (await baseline())).toBeLessThan(15);
  }

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
    const search = (query: string) => client.search({ query }, { userId: 'henry' });
    return {
      cache,
      search,
      // The messages of the warnings logged so far.
      warnings: () => logger.lines.filter((l) => l.level === 'warn').map((l) => l.msg ?? ''),
    };
  };

  it('from the start: detected once, then skipped at a cost of a few ms per search', async () => {
    proxy.setMode({ kind: 'stall' });
    const { cache, search, warnings } = setUp();
    try {
      const [first, ...rest] = await timings(search, 11);
      expect(first).toBeLessThan(1_600); // the one wait for the first connection
      await expectSkipped(rest);
      expect(warnings().filter((l) => /Redis.*unreachable|not answering/.test(l))).toHaveLength(1);
    } finally {
      await cache.close();
    }
  });

  it('after answering for a while: detected at the first late answer, then skipped', async () => {
    proxy.setMode({ kind: 'pass' });
    const { cache, search, warnings } = setUp();
    try {
      expect(Math.max(...(await timings(search, 3)))).toBeLessThan(200);
      proxy.setMode({ kind: 'stall' });
      const [first, ...rest] = await timings(search, 11);
      expect(first).toBeLessThan(1_600); // the command timeout, once
      await expectSkipped(rest);
      expect(warnings().filter((l) => /Redis.*unreachable|not answering/.test(l))).toHaveLength(1);
    } finally {
      await cache.close();
    }
  });
});
