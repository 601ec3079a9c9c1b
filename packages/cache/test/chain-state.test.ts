import { once } from 'node:events';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import {
  createSearchClient,
  type ProviderResponse,
  type SearchClient,
  SearchError,
  type SearchProvider,
} from '@agent-search/core';
import { startRedisServer } from '@agent-search/testing';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createRedisChainState, createRedisClient } from '../src/index.ts';

const redisUrl = inject('redisUrl');

type Behaviour = { ms: number; fail?: SearchError['code']; retryAfterMs?: number };

/** A provider as a user would write one (the public spec), counting its calls and those in flight. */
function countingProvider(id: string, behave: () => Behaviour) {
  const stats = { calls: 0, inFlight: 0, maxInFlight: 0 };
  const provider: SearchProvider = {
    specificationVersion: 'v1',
    id,
    name: id,
    configured: true,
    capabilities: {
      modes: ['text'],
      timeRange: true,
      domainFilter: 'native',
      safeSearch: true,
      region: true,
      requiresApiKey: false,
    },
    async search(request) {
      stats.calls++;
      stats.inFlight++;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      const b = behave();
      try {
        await new Promise((resolve) => setTimeout(resolve, b.ms));
        if (b.fail) {
          throw new SearchError(b.fail, `${id} failed`, {
            provider: id,
            ...(b.retryAfterMs ? { retryAfterMs: b.retryAfterMs } : {}),
          });
        }
        const answer: ProviderResponse = {
          results: [
            { title: `${id}: ${request.query}`, url: `https://${id}.example/${stats.calls}`, snippet: 's' },
          ],
        };
        return answer;
      } finally {
        stats.inFlight--;
      }
    },
  };
  return { provider, stats };
}

const warnings = () => {
  const warn = vi.fn();
  return { logger: { debug() {}, info() {}, warn, error() {} }, warn };
};

describe.skipIf(!redisUrl)('the chain state a fleet shares through Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  const clients: Redis[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await redis?.stop();
  });
  /** One worker: its own Redis connection and client, as another process would have. */
  const worker = (
    providers: SearchProvider[],
    prefix: string,
    options: Partial<Parameters<typeof createSearchClient>[0]> = {},
  ) => {
    const connection = createRedisClient(redis.url);
    connection.on('error', () => undefined);
    clients.push(connection);
    return createSearchClient({
      providers,
      ...options,
      sharedState: {
        store: createRedisChainState(connection, { keyPrefix: prefix }),
        intervalMs: 20,
        firstWaitMs: 200,
      },
    });
  };
  const settle = async (client: SearchClient) => {
    await client.flush?.(500);
    await new Promise((resolve) => setTimeout(resolve, 30));
  };

  it('a breaker one worker opens is open for the others: they send the provider nothing', async () => {
    const down = countingProvider('down', () => ({ ms: 1, fail: 'unavailable' }));
    const up = countingProvider('up', () => ({ ms: 1 }));
    const a = worker([down.provider, up.provider], 'open:');
    for (let i = 0; i < 5; i++) expect((await a.search({ query: `a${i}` })).provider).toBe('up');
    expect(a.health()[0]).toMatchObject({ state: 'open' });
    await settle(a);
    const b = worker([down.provider, up.provider], 'open:');
    const calls = down.stats.calls;
    for (let i = 0; i < 5; i++) expect((await b.search({ query: `b${i}` })).provider).toBe('up');
    expect(down.stats.calls).toBe(calls);
    expect(b.health()[0]).toMatchObject({ state: 'open', lastErrorCode: 'unavailable' });
  });

  it('the fleet sends a half-open provider one trial, not one per worker', async () => {
    let recovering = false;
    const flaky = countingProvider('flaky', () =>
      recovering ? { ms: 300 } : { ms: 1, fail: 'unavailable' },
    );
    const backup = countingProvider('backup', () => ({ ms: 5 }));
    const breaker = { openMs: 200 };
    const a = worker([flaky.provider, backup.provider], 'trial:', { breaker, hedge: false });
    const b = worker([flaky.provider, backup.provider], 'trial:', { breaker, hedge: false });
    for (let i = 0; i < 5; i++) await a.search({ query: `open${i}` });
    await settle(a);
    await b.search({ query: 'sync' });
    expect(b.health()[0]).toMatchObject({ state: 'open' });
    recovering = true;
    flaky.stats.maxInFlight = 0;
    const calls = flaky.stats.calls;
    await new Promise((resolve) => setTimeout(resolve, 250)); // open time over: half-open everywhere
    // Waves of searches on both workers while the (slow) trial runs: every one answered, one trial in flight.
    for (let wave = 0; wave < 3; wave++) {
      const all = await Promise.all(
        [a, b].flatMap((w, k) =>
          Array.from({ length: 5 }, (_, i) => w.search({ query: `w${wave}-${k}-${i}` })),
        ),
      );
      expect(all.every((r) => r.results.length > 0)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(flaky.stats.maxInFlight).toBe(1);
    expect(flaky.stats.calls - calls).toBe(1);
  });

  it('the hedge budget is the fleet’s: a hedge one worker spent is spent for all', async () => {
    const slow = () => countingProvider('slow', () => ({ ms: 300 }));
    const fast = countingProvider('fast', () => ({ ms: 5 }));
    const hedge = { delayMs: 50, budget: 0 };
    const a = worker([slow().provider, fast.provider], 'hedge:', { hedge });
    expect((await a.search({ query: 'first' })).provider).toBe('fast'); // the one hedge a budget allows
    await settle(a);
    const b = worker([slow().provider, fast.provider], 'hedge:', { hedge });
    const calls = fast.stats.calls;
    expect((await b.search({ query: 'second' })).provider).toBe('slow');
    expect(fast.stats.calls).toBe(calls);
  });
});

describe('a shared state that is slow or gone', () => {
  let silent: Server;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // Accepts connections and never answers: a Redis that hung.
    silent = createServer((socket) => sockets.push(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
  });
  afterAll(() => {
    for (const s of sockets) s.destroy();
    silent.close();
  });

  for (const kind of ['never answers', 'is not there'] as const) {
    it(`Redis that ${kind}: searches answer at their usual speed, with one warning`, async () => {
      // Simulated time (the client's waits, ioredis' timeouts and retries), real sockets: the verdict is how
      // much simulated time each search needs, which no load on the machine changes.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
      const port = kind === 'never answers' ? (silent.address() as AddressInfo).port : 9;
      const connection = createRedisClient(`redis://127.0.0.1:${port}`, { timeoutMs: 200 });
      connection.on('error', () => undefined);
      try {
        const { logger, warn } = warnings();
        const only = countingProvider('only', () => ({ ms: 1 }));
        const client = createSearchClient({
          providers: [only.provider],
          logger,
          sharedState: { store: createRedisChainState(connection), intervalMs: 10 },
        });
        for (let i = 0; i < 20; i++) {
          let answeredBy: string | undefined;
          const search = client.search({ query: `q${i}` }).then((response) => {
            answeredBy = response.provider;
          });
          // The provider's own 1 ms; the first search also waits for the fleet's view, at most its short wait
          // (25 ms by default), never for Redis' 200 ms command timeout.
          await vi.advanceTimersByTimeAsync(i === 0 ? 26 : 1);
          expect(answeredBy, `search ${i}`).toBe('only');
          await search;
          await vi.advanceTimersByTimeAsync(15);
        }
        expect(only.stats.calls).toBe(20);
        await vi.advanceTimersByTimeAsync(1_100);
        expect(
          warn.mock.calls.filter(([, message]) => String(message).includes('shared chain state')),
        ).toHaveLength(1);
      } finally {
        vi.useRealTimers();
        connection.disconnect();
      }
    });
  }
});
