import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createSearchClient, isSearchError } from '@agent-search/core';
import { HANG_MS, recordingLogger, startRedisServer } from '@agent-search/testing';
import { Redis } from 'ioredis';
import { describe, expect, inject, it, vi } from 'vitest';
import { createCacheFromEnv, MemoryStore, RedisStore, TieredStore, withCache } from '../src/index.ts';
import { createHttpProvider } from './fixtures/http-provider.ts';
import { useLoopbackUpstream } from './upstream.ts';

const redisUrl = inject('redisUrl');
const canStartRedis = inject('redisServerBinary');
if (!redisUrl) console.warn('[cache] Redis tests skipped: set REDIS_URL or install redis-server');

const run = promisify(execFile);
const script = fileURLToPath(new URL('./fixtures/search-once.ts', import.meta.url));

/** The search API, counting the calls of every process. */
const upstream = useLoopbackUpstream();

describe.skipIf(!redisUrl)('with Redis', () => {
  it('a second process is served from the cache the first one filled', async () => {
    const query = `two processes ${randomUUID()}`;
    const env = { ...process.env, REDIS_URL: redisUrl, UPSTREAM_URL: upstream.url };
    const before = upstream.calls;
    const node = (q: string) =>
      run(process.execPath, ['--conditions=source', '--disable-warning=ExperimentalWarning', script, q], {
        env,
        timeout: HANG_MS,
      }).then(({ stdout }) => JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>);

    const first = await node(query);
    expect(first.cached).toBe(false);
    expect(upstream.calls - before).toBe(1);

    const second = await node(query);
    expect(second.pid).not.toBe(first.pid);
    expect(second.cached).toBe(true);
    expect(second.ageMs).toEqual(expect.any(Number));
    expect(second.urls).toEqual(first.urls);
    expect(upstream.calls - before).toBe(1);
  });

  it('an entry poisoned in Redis is a miss, said once: never served, never crashing a reader', async () => {
    const keyPrefix = `test:${randomUUID()}:cache:`;
    const raw = new Redis(redisUrl!);
    const logger = recordingLogger();
    const { lines } = logger;
    // Bounds no busy machine reaches (at load average 40 one of the seven cases, among them a 10 MB entry,
    // ended without its warning under the default 500 ms/1 s): this test is about what is read, not how fast.
    const make = () =>
      withCache(createSearchClient({ providers: [createHttpProvider(upstream.url)] }), {
        store: new RedisStore({ url: redisUrl, keyPrefix, timeoutMs: 60_000, connectTimeoutMs: 60_000 }),
        logger,
      });
    try {
      const query = `poisoned ${keyPrefix}`;
      const good = await make().search({ query });
      const [key] = await raw.keys(`${keyPrefix}search:*`);
      const stored = JSON.parse((await raw.get(key!))!) as { results: Record<string, unknown>[] };
      const first = stored.results[0]!;
      const poisons: unknown[] = [
        { ...stored, results: [null] },
        { ...stored, results: [{ ...first, title: 'x'.repeat(10_000_000) }] },
        { ...stored, results: [{ ...first, title: 'Bell\u0007 and \u001b]0;owned\u0007title' }] },
        { ...stored, results: [{ ...first, url: 'javascript:alert(1)' }] },
        { ...stored, provider: '<script>' },
        { ...stored, maxResults: 1e9 },
        'not an entry',
      ];
      for (const poison of poisons) {
        await raw.set(key!, JSON.stringify(poison), 'PX', 60_000);
        const before = upstream.calls;
        // A fresh client: nothing in its memory, so it reads what Redis holds.
        const response = await make().search({ query });
        expect(response.cached).toBe(false);
        expect(upstream.calls - before).toBe(1);
        expect(response.results.map((r) => r.url)).toEqual(good.results.map((r) => r.url));
      }
      // What the cache itself wrote back is trusted again.
      expect((await make().search({ query })).cached).toBe(true);
      expect(lines.filter((l) => l.level === 'warn')).toHaveLength(poisons.length);
      expect(lines.find((l) => l.level === 'warn')!.msg).toMatch(/fails validation/);
    } finally {
      raw.disconnect();
    }
  });

  it('through memory in front of Redis: a poisoned entry is a miss, a good one a hit, each checked', async () => {
    const keyPrefix = `test:${randomUUID()}:cache:`;
    const raw = new Redis(redisUrl!);
    const logger = recordingLogger();
    const { lines } = logger;
    const make = () =>
      withCache(createSearchClient({ providers: [createHttpProvider(upstream.url)] }), {
        store: new TieredStore({
          front: new MemoryStore(),
          back: new RedisStore({ url: redisUrl, keyPrefix }),
        }),
        logger,
      });
    try {
      const query = `tiered poison ${keyPrefix}`;
      const good = await make().search({ query });
      const [key] = await raw.keys(`${keyPrefix}search:*`);
      const stored = JSON.parse((await raw.get(key!))!) as { results: Record<string, unknown>[] };
      await raw.set(
        key!,
        JSON.stringify({ ...stored, results: [{ ...stored.results[0], url: 'javascript:alert(1)' }] }),
        'PX',
        60_000,
      );
      const before = upstream.calls;
      const reader = make();
      // Copied into the reader's memory, the poisoned entry is still checked: a miss, then the good answer.
      const first = await reader.search({ query });
      expect(first.cached).toBe(false);
      expect(upstream.calls - before).toBe(1);
      expect(first.results.map((r) => r.url)).toEqual(good.results.map((r) => r.url));
      expect(lines.filter((l) => l.level === 'warn')).toHaveLength(1);
      // What another process wrote well is served from Redis, then from memory.
      const other = make();
      for (let i = 0; i < 2; i++) {
        const hit = await other.search({ query });
        expect(hit.cached).toBe(true);
        expect(hit.results.map((r) => r.url)).toEqual(good.results.map((r) => r.url));
      }
      expect(upstream.calls - before).toBe(1);
    } finally {
      raw.disconnect();
    }
  });

  it('per-user limits hold across processes sharing Redis', async () => {
    const keyPrefix = `test:${randomUUID()}`;
    const make = () => {
      const store = new RedisStore({ url: redisUrl, keyPrefix: `${keyPrefix}:cache:` });
      const client = withCache(createSearchClient({ providers: [createHttpProvider(upstream.url)] }), {
        store,
        rateLimits: { perUser: { points: 2 }, redis: store.client, keyPrefix },
      });
      return { store, client };
    };
    const a = make();
    const b = make();
    await a.client.search({ query: `limit one ${keyPrefix}` }, { userId: 'grace' });
    await b.client.search({ query: `limit two ${keyPrefix}` }, { userId: 'grace' });
    const error = await a.client
      .search({ query: `limit three ${keyPrefix}` }, { userId: 'grace' })
      .catch((e) => e);
    expect(isSearchError(error) && error.code).toBe('rate_limited');
    await Promise.all([a.store.close(), b.store.close()]);
  });

  it.skipIf(!canStartRedis)(
    'Redis down: searches go on from memory and upstream, one warning, then recovery',
    async () => {
      const redis = await startRedisServer();
      const logger = recordingLogger();
      const { lines } = logger;
      const cache = createCacheFromEnv({ REDIS_URL: redis.url }, { logger });
      const client = cache.wrap(createSearchClient({ providers: [createHttpProvider(upstream.url)] }));
      const raw = new Redis(redis.url, { lazyConnect: true, retryStrategy: () => null });
      const tag = randomUUID();
      try {
        await client.search({ query: `before outage ${tag}` });
        await raw.connect();
        expect(await raw.keys('agent-search:cache:*')).toHaveLength(1);
        raw.disconnect();

        await redis.stop();
        const before = upstream.calls;
        // Each answered from the upstream: a search that hung on Redis would fail the test as hung.
        for (let i = 0; i < 5; i++) {
          const response = await client.search({ query: `during outage ${i} ${tag}` }, { userId: 'henry' });
          expect(response.cached).toBe(false);
        }
        expect(upstream.calls - before).toBe(5);
        // Still cached in memory while Redis is away.
        expect((await client.search({ query: `before outage ${tag}` })).cached).toBe(true);
        expect((await client.search({ query: `during outage 0 ${tag}` })).cached).toBe(true);
        const warnings = lines.filter((l) => l.level === 'warn');
        expect(warnings).toHaveLength(1);
        expect(warnings[0]!.msg).toMatch(/Redis.*unreachable/);

        const restarted = await startRedisServer(redis.port);
        try {
          const back = (cache.store as TieredStore).back as RedisStore;
          await vi.waitFor(() => expect(back.available).toBe(true), { timeout: HANG_MS, interval: 100 });
          expect(lines.filter((l) => l.level === 'info' && /reachable again/.test(l.msg ?? ''))).toHaveLength(
            1,
          );
          await client.search({ query: `after outage ${tag}` });
          const check = new Redis(restarted.url);
          expect(await check.keys('agent-search:cache:*')).toHaveLength(1); // the fresh server only has the new entry
          await check.quit();
          expect(lines.filter((l) => l.level === 'warn')).toHaveLength(1);
        } finally {
          await cache.close();
          await restarted.stop();
        }
      } finally {
        raw.disconnect();
        await redis.stop();
      }
    },
  );
});
