import { createSearchClient, type SearchResponse } from '@agent-search/core';
import { searchFailure, useMswServer } from '@agent-search/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cacheKey } from '../src/cache-key.ts';
import { MemoryStore } from '../src/memory-store.ts';
import { SearchRateLimits } from '../src/rate-limits.ts';
import type { SharedStore } from '../src/store.ts';
import { withCache } from '../src/with-cache.ts';
import { createHttpProvider } from './fixtures/http-provider.ts';
import { HOUR, installUpstream, type Upstream } from './upstream.ts';

const server = useMswServer();
let upstream: Upstream;

/**
 * A caller's own shared store (as one on another database would be): memory for the values, refresh leases
 * that expire on the clock. It declares what it can do, so the cache treats it as it treats Redis.
 */
class LeasingStore implements SharedStore {
  readonly capabilities = { shared: true } as const;
  readonly #values = new MemoryStore();
  readonly #leases = new Map<string, { token: string; until: number }>();
  #next = 0;

  get<T = unknown>(key: string): Promise<T | undefined> {
    return this.#values.get<T>(key);
  }

  set(key: string, value: unknown, ttlMs: number): Promise<void> {
    return this.#values.set(key, value, ttlMs);
  }

  delete(key: string): Promise<void> {
    return this.#values.delete(key);
  }

  close(): Promise<void> {
    return this.#values.close();
  }

  getShared<T = unknown>(key: string): Promise<T | undefined> {
    return this.get<T>(key);
  }

  async acquireLease(key: string, ttlMs: number): Promise<string | undefined> {
    const held = this.#leases.get(key);
    if (held && held.until > Date.now()) return undefined;
    const token = `lease-${++this.#next}`;
    this.#leases.set(key, { token, until: Date.now() + ttlMs });
    return token;
  }

  async releaseLease(key: string, token: string): Promise<void> {
    if (this.#leases.get(key)?.token === token) this.#leases.delete(key);
  }
}

/** The time `promise` settled at, on the (fake) clock, with its outcome. */
function timed<T>(promise: Promise<T>): Promise<{ at: number; value?: T; error?: unknown }> {
  return promise.then(
    (value) => ({ at: Date.now(), value }),
    (error: unknown) => ({ at: Date.now(), error }),
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  upstream = installUpstream(server);
});

afterEach(() => {
  vi.useRealTimers();
});

const TIMEOUT_MS = 3_000;
const QUESTION = { query: 'ferry times' };

/**
 * A stack with every wait a search can meet on the way down: an answer cached an hour ago on a store shared
 * with another worker, a global limit of one upstream search a second, and a provider behind them all.
 */
async function stackWithExpiredAnswer() {
  const store = new LeasingStore();
  const client = withCache(
    createSearchClient({
      providers: [createHttpProvider()],
      timeoutMs: TIMEOUT_MS,
      attemptTimeoutMs: 10_000,
    }),
    {
      store,
      refreshWaitMs: 10_000,
      rateLimits: { perUser: false, global: { points: 1, durationSeconds: 1, maxWaitMs: 10_000 } },
    },
  );
  expect((await client.search(QUESTION)).cached).toBe(false);
  vi.setSystemTime(Date.now() + 2 * HOUR); // expired, within the stale window
  return { store, client, key: cacheKey(client.normalize(QUESTION)) };
}

describe('one deadline, fixed above the cache, read by every layer down to the chain', () => {
  it('the refresh wait, the global queue and the chain together end by the one deadline', async () => {
    const { store, client, key } = await stackWithExpiredAnswer();
    // Another search takes this second's upstream turn, so ours queues for the next one.
    await client.search({ query: 'bus times' });
    // Another worker is refreshing our answer, and gives up after 800 ms without writing one.
    const lease = (await store.acquireLease(key, 10_000)) as string;
    setTimeout(() => void store.releaseLease(key, lease), 800);
    // The upstream now hangs: only the deadline can end the search.
    upstream.gate = new Promise(() => {});
    let reachedAt: number | undefined;
    server.events.on('request:start', () => {
      reachedAt ??= Date.now();
    });
    const started = Date.now();
    const outcome = timed(client.search(QUESTION));
    await vi.advanceTimersByTimeAsync(5 * TIMEOUT_MS);
    const { at, value, error } = await outcome;
    server.events.removeAllListeners();
    expect(error).toBeUndefined();
    // The search failed at its deadline, so the expired answer is served.
    expect((value as SearchResponse).stale).toBe(true);
    // It waited for the other worker's lease (800 ms) and for its upstream turn before reaching the provider...
    expect(reachedAt! - started).toBeGreaterThanOrEqual(800);
    // ...and the chain got only what was left: the whole search ended at the deadline fixed when it began.
    // A layer that started the clock again would have ended 800 ms to 2 s later.
    expect(at - started).toBe(TIMEOUT_MS);
  });

  it('a refresh another worker never finishes is waited for only until the deadline', async () => {
    const { store, client, key } = await stackWithExpiredAnswer();
    await store.acquireLease(key, 60_000); // held past any wait
    const started = Date.now();
    const outcome = timed(client.search(QUESTION));
    await vi.advanceTimersByTimeAsync(5 * TIMEOUT_MS);
    const { at, value } = await outcome;
    // refreshWaitMs is 10 s; the search's deadline is 3 s: the expired answer is served by then.
    expect((value as SearchResponse).stale).toBe(true);
    expect(at - started).toBeLessThanOrEqual(TIMEOUT_MS);
    expect(upstream.calls).toBe(1); // only the first search's
  });

  it('a caller’s deadline used up in the global queue is a timeout, not a fresh deadline for the chain', async () => {
    const store = new MemoryStore();
    const limits = new SearchRateLimits({
      perUser: false,
      global: { points: 1, durationSeconds: 1, maxWaitMs: 10_000 },
    });
    const client = withCache(
      createSearchClient({
        providers: [createHttpProvider()],
        timeoutMs: TIMEOUT_MS,
        attemptTimeoutMs: 10_000,
      }),
      { store, rateLimits: limits },
    );
    await client.search({ query: 'takes this second’s turn' });
    upstream.gate = new Promise(() => {});
    const started = Date.now();
    // 1.5 s of the caller's own: up to 1 s in the queue, the rest for the chain, never 1.5 s again.
    const outcome = timed(searchFailure(client.search({ query: 'queued' }, { timeoutMs: 1_500 })));
    await vi.advanceTimersByTimeAsync(5 * TIMEOUT_MS);
    const { at, value: error } = await outcome;
    expect(error?.code).toBe('timeout');
    expect(at - started).toBe(1_500);
  });
});
