import {
  createSearchClient,
  type ProviderResponse,
  SEARCH_ERROR_CODES,
  type SearchClient,
  SearchError,
  type SearchProvider,
  SHARED_STATE_BOUNDS,
} from '@agent-search/core';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { createRedisChainState, createRedisClient } from '../src/index.ts';

// Whoever can write the Redis (a bug, a buggy upstream's header, a person) writes the entries below. Each
// test asks: does the fleet's only provider get searched again, and within the longest wait at most?

const redisUrl = inject('redisUrl');
const MAX = SHARED_STATE_BOUNDS.maxWaitMs;
const TEN_YEARS = 10 * 365 * 86_400_000;

type Fail = { code: SearchError['code']; retryAfterMs?: number };

/** A provider as a user would write one, answering at once unless told to fail; it counts its calls. */
function provider(id: string, fail: () => Fail | undefined = () => undefined) {
  const stats = { calls: 0 };
  const p: SearchProvider = {
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
      const f = fail();
      if (f) throw new SearchError(f.code, `${id} failed`, { provider: id, retryAfterMs: f.retryAfterMs });
      const answer: ProviderResponse = {
        results: [{ title: request.query, url: `https://${id}.example/${stats.calls}`, snippet: 's' }],
      };
      return answer;
    },
  };
  return { provider: p, stats };
}

describe.skipIf(!redisUrl)('shared chain state is untrusted input with absolute bounds', () => {
  const connections: Redis[] = [];
  let raw: Redis;
  let n = 0;
  let prefix = '';
  beforeAll(() => {
    raw = new Redis(redisUrl, { lazyConnect: false });
  });
  afterAll(() => {
    for (const c of connections) c.disconnect();
    raw.disconnect();
  });
  beforeEach(() => {
    prefix = `bounds${++n}:`;
    // Only Date is fake (the chain's clock and the store's): Redis, sockets and timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const worker = (
    providers: SearchProvider[],
    options: Partial<Parameters<typeof createSearchClient>[0]> = {},
  ) => {
    const connection = createRedisClient(redisUrl);
    connection.on('error', () => undefined);
    connections.push(connection);
    return createSearchClient({
      providers,
      hedge: false,
      ...options,
      sharedState: {
        store: createRedisChainState(connection, { keyPrefix: prefix }),
        intervalMs: 10,
        // Generous on a loaded machine: the first search must see what the store holds.
        firstWaitMs: 5_000,
        callTimeoutMs: 5_000,
      },
    });
  };
  const key = (id: string) => `${prefix}provider:${id}`;
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
  /** The search's provider, or the code it failed with. */
  const outcome = async (client: SearchClient, query: string) => {
    try {
      return (await client.search({ query })).provider;
    } catch (error) {
      return SearchError.is(error) ? error.code : 'thrown';
    }
  };
  const settle = async (client: SearchClient) => {
    await client.flush?.(1_000);
    await new Promise((resolve) => setTimeout(resolve, 30));
  };

  it('a ten-year Retry-After is clamped when stored: the fleet searches the provider again after the longest wait', async () => {
    let throttled = true;
    const only = provider('only', () =>
      throttled ? { code: 'rate_limited', retryAfterMs: TEN_YEARS } : undefined,
    );
    const a = worker([only.provider]);
    expect(await outcome(a, 'first')).toBe('rate_limited');
    throttled = false;
    await settle(a);
    const stored = JSON.parse((await raw.get(key('only'))) ?? 'null');
    expect(stored.upstreamUntil).toBeLessThanOrEqual(stored.writtenAt + MAX);
    expect(await raw.pttl(key('only'))).toBeGreaterThan(0);
    expect(await raw.pttl(key('only'))).toBeLessThanOrEqual(MAX);
    const b = worker([only.provider]);
    expect(await outcome(b, 'held back')).toBe('rate_limited');
    const calls = only.stats.calls;
    expect(calls).toBe(1);
    later(MAX + 1_000);
    expect(await outcome(b, 'after the longest wait')).toBe('only');
    expect(await outcome(a, 'the first worker too')).toBe('only');
    later(30 * 86_400_000);
    const c = worker([only.provider]);
    expect(await outcome(c, 'a month on')).toBe('only');
  });

  const now = () => Date.now();
  const forged: [string, () => string][] = [
    [
      'a ten-year wait',
      () =>
        JSON.stringify({
          provider: 'only',
          state: 'closed',
          failures: 0,
          upstreamUntil: now() + TEN_YEARS,
          coolingUntil: now() + TEN_YEARS,
          lastErrorCode: 'rate_limited',
          writtenAt: now(),
        }),
    ],
    [
      'a forged open time',
      () =>
        JSON.stringify({
          provider: 'only',
          state: 'open',
          failures: 5,
          openings: 1,
          openedAt: now(),
          coolingUntil: now() + TEN_YEARS,
          lastErrorCode: 'unauthorized',
          writtenAt: now(),
        }),
    ],
    [
      '1e308',
      () =>
        JSON.stringify({
          provider: 'only',
          state: 'open',
          failures: 1,
          openedAt: now(),
          coolingUntil: 1e308,
          upstreamUntil: 1e308,
          lastErrorCode: 'unauthorized',
          writtenAt: now(),
        }),
    ],
    [
      'a write time ten years ahead',
      () =>
        JSON.stringify({
          provider: 'only',
          state: 'closed',
          failures: 0,
          upstreamUntil: now() + TEN_YEARS,
          lastErrorCode: 'rate_limited',
          writtenAt: now() + TEN_YEARS,
        }),
    ],
    [
      'no write time',
      () =>
        JSON.stringify({
          provider: 'only',
          state: 'closed',
          failures: 0,
          upstreamUntil: now() + 60_000,
          lastErrorCode: 'rate_limited',
        }),
    ],
    [
      'NaN and Infinity',
      () =>
        `{"provider":"only","state":"open","failures":1,"openedAt":${now()},"coolingUntil":Infinity,` +
        `"upstreamUntil":NaN,"lastErrorCode":"unauthorized","writtenAt":${now()}}`,
    ],
    [
      'a huge failure count',
      () =>
        JSON.stringify({
          provider: 'only',
          state: 'open',
          failures: 4e15,
          openedAt: now(),
          coolingUntil: now() + 60_000,
          lastErrorCode: 'unauthorized',
          writtenAt: now(),
        }),
    ],
  ];

  it.each(forged)('%s, written without expiry: ignored, and gone from Redis', async (_, entry) => {
    await raw.set(key('only'), entry());
    const only = provider('only');
    const client = worker([only.provider]);
    expect(await outcome(client, 'q')).toBe('only');
    expect(client.health()[0]).toMatchObject({ state: 'closed' });
    expect(await raw.exists(key('only'))).toBe(0);
  });

  it('an entry that names another provider opens neither', async () => {
    const entry = {
      provider: 'only',
      state: 'open',
      failures: 5,
      openedAt: now(),
      coolingUntil: now() + 60_000,
      lastErrorCode: 'unauthorized',
      writtenAt: now(),
    };
    await raw.set(key('decoy'), JSON.stringify(entry));
    const only = provider('only');
    const decoy = provider('decoy', () => ({ code: 'unavailable' }));
    const client = worker([only.provider, decoy.provider]);
    expect(await outcome(client, 'q')).toBe('only');
    expect(client.health().map((h) => h.state)).toEqual(['closed', 'closed']);
  });

  it('an entry within its bounds but without expiry delays the provider at most the longest wait from its write', async () => {
    const written = now();
    await raw.set(
      key('only'),
      JSON.stringify({
        provider: 'only',
        state: 'open',
        failures: 1,
        openings: 1,
        openedAt: written,
        coolingUntil: written + MAX,
        lastErrorCode: 'unauthorized',
        writtenAt: written,
      }),
    );
    const only = provider('only');
    const a = worker([only.provider]);
    expect(await outcome(a, 'held back')).toBe('unauthorized');
    expect(only.stats.calls).toBe(0);
    // Read once, it now expires in Redis at its bound.
    const ttl = await raw.pttl(key('only'));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(MAX);
    // Read at every exchange for most of an hour, the bound does not move.
    for (let i = 0; i < 5; i++) {
      later(10 * 60_000);
      await settle(a);
    }
    later(MAX - 50 * 60_000 + 1_000);
    let answered = 'none';
    for (let i = 0; i < 5 && answered !== 'only'; i++) {
      answered = await outcome(a, `after ${i}`);
      await settle(a);
    }
    expect(answered).toBe('only');
    // A worker starting later never sees it.
    later(MAX);
    const b = worker([only.provider]);
    expect(await outcome(b, 'fresh')).toBe('only');
    expect(await raw.exists(key('only'))).toBe(0);
  });

  it('NaN and Infinity are never written back: the next write stores finite numbers only', async () => {
    await raw.set(
      key('only'),
      `{"provider":"only","state":"closed","failures":NaN,"upstreamUntil":Infinity,"writtenAt":${now()}}`,
    );
    const only = provider('only', () => ({ code: 'rate_limited', retryAfterMs: 5_000 }));
    const client = worker([only.provider]);
    expect(await outcome(client, 'q')).toBe('rate_limited');
    await settle(client);
    const stored = await raw.get(key('only'));
    expect(stored).not.toBeNull();
    const entry = JSON.parse(stored as string) as Record<string, unknown>;
    for (const value of Object.values(entry)) {
      if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
    }
    expect(entry.upstreamUntil).toBeLessThanOrEqual((entry.writtenAt as number) + 5_000);
    expect(SEARCH_ERROR_CODES).toContain(entry.lastErrorCode);
  });

  it('a trial lease without expiry counts as expired: the provider gets its trial', async () => {
    let rejected = true;
    const only = provider('only', () => (rejected ? { code: 'unauthorized' } : undefined));
    const client = worker([only.provider]);
    expect(await outcome(client, 'key rejected')).toBe('unauthorized');
    await settle(client);
    await raw.set(`${prefix}trial:only`, 'someone, forever');
    rejected = false;
    later(MAX + 1_000);
    let answered = 'none';
    for (let i = 0; i < 5 && answered !== 'only'; i++) {
      answered = await outcome(client, `trial ${i}`);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    expect(answered).toBe('only');
    expect(only.stats.calls).toBe(2);
  });

  it('leases: a live one is respected, one without or past the longest trial is taken over, and always expires', async () => {
    const connection = createRedisClient(redisUrl);
    connections.push(connection);
    const store = createRedisChainState(connection, { keyPrefix: prefix });
    const lease = `${prefix}trial:p`;
    await raw.set(lease, 'other', 'PX', 5_000);
    expect(await store.claimTrial('p', 'me', 1_000)).toBe(false);
    await raw.set(lease, 'other');
    expect(await store.claimTrial('p', 'me', 1_000)).toBe(true);
    expect(await raw.get(lease)).toBe('me');
    expect(await raw.pttl(lease)).toBeGreaterThan(0);
    expect(await raw.pttl(lease)).toBeLessThanOrEqual(1_000);
    await raw.set(lease, 'other', 'PX', TEN_YEARS);
    expect(await store.claimTrial('p', 'me', 1_000)).toBe(true);
    // Asked for more than the longest trial, the lease is cut to it.
    await raw.del(lease);
    expect(await store.claimTrial('p', 'me', TEN_YEARS)).toBe(true);
    expect(await raw.pttl(lease)).toBeLessThanOrEqual(SHARED_STATE_BOUNDS.maxTrialMs);
    await store.releaseTrial('p', 'me');
    expect(await raw.exists(lease)).toBe(0);
  });

  it('a hedge counter of 4e15 does not make the hedge budget unlimited', async () => {
    const bucket = `${prefix}hedges:${Math.floor(now() / 300_000)}`;
    await raw.hset(bucket, 'searches', '4000000000000000', 'hedges', '0');
    const only = provider('only');
    const client = worker([only.provider], { hedge: { budget: 0.5 } });
    expect(await outcome(client, 'q')).toBe('only');
    await settle(client);
    const usage = client.hedgeUsage?.();
    expect(usage?.searches).toBeLessThanOrEqual(2 * SHARED_STATE_BOUNDS.maxBucketSearches);
    expect(usage?.searches).toBeLessThan(10);
    expect(Number(await raw.hget(bucket, 'searches'))).toBeLessThan(10);
  });

  it('a 50 MB value is never downloaded, and deleted once', async () => {
    const big = 'x'.repeat(50 * 1024 * 1024);
    await raw.set(key('only'), big);
    const bucket = `${prefix}hedges:${Math.floor(now() / 300_000)}`;
    await raw.hset(bucket, 'searches', big);
    const sent = async () => {
      const info = await raw.info('stats');
      return Number(/total_net_output_bytes:(\d+)/.exec(info)?.[1]);
    };
    const before = await sent();
    const only = provider('only');
    const client = worker([only.provider]);
    for (let i = 0; i < 5; i++) {
      expect(await outcome(client, `q${i}`)).toBe('only');
      await settle(client);
    }
    // Everything Redis sent to every client meanwhile (these INFO replies included): a few kilobytes.
    expect((await sent()) - before).toBeLessThan(256 * 1024);
    expect(await raw.exists(key('only'))).toBe(0);
    expect(Number((await raw.hget(bucket, 'searches')) ?? 0)).toBeLessThan(10);
  });

  it('a 200 MB value and a 200 MB hedge field, at every exchange of several workers: never downloaded', async () => {
    const MB200 = 200 * 1024 * 1024;
    // Made on the server (SETRANGE pads with zero bytes), so the test itself sends nothing that big.
    await raw.setrange(key('only'), MB200 - 1, 'x');
    const bucket = `${prefix}hedges:${Math.floor(now() / 300_000)}`;
    await raw.setrange(`${prefix}big`, MB200 - 1, '1');
    await raw.eval(
      "return redis.call('HSET', KEYS[1], 'searches', redis.call('GET', KEYS[2]), 'hedges', '0')",
      2,
      bucket,
      `${prefix}big`,
    );
    await raw.del(`${prefix}big`);
    expect(await raw.strlen(key('only'))).toBe(MB200);
    expect(await raw.hstrlen(bucket, 'searches')).toBe(MB200);
    const sent = async () => Number(/total_net_output_bytes:(\d+)/.exec(await raw.info('stats'))?.[1]);
    const before = await sent();
    const only = provider('only');
    const workers = [worker([only.provider]), worker([only.provider]), worker([only.provider])];
    // Each worker exchanges with the store every 10 ms: the sleeps below let dozens of exchanges happen.
    for (let i = 0; i < 4; i++) {
      for (const w of workers) {
        expect(await outcome(w, `q${i}`)).toBe('only');
        await settle(w);
      }
    }
    expect((await sent()) - before).toBeLessThan(1024 * 1024);
    expect(await raw.exists(key('only'))).toBe(0);
    expect(Number((await raw.hget(bucket, 'searches')) ?? 0)).toBeLessThan(20);
  });
});
