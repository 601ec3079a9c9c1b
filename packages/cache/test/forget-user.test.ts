import { hash, randomUUID } from 'node:crypto';
import { createSearchClient, type SearchClient } from '@agent-search/core';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import {
  cacheKey,
  createCacheFromEnv,
  MemoryStore,
  MemoryUserAnswers,
  type SearchCache,
  withCache,
} from '../src/index.ts';
import { createHttpProvider } from './fixtures/http-provider.ts';
import { useLoopbackUpstream } from './upstream.ts';

const redisUrl = inject('redisUrl');

/** The search API, counting the calls of every client. */
const upstream = useLoopbackUpstream();

const client = (): SearchClient =>
  createSearchClient({ providers: [createHttpProvider(upstream.url)], timeoutMs: 5_000 });

/** Searches `query` as `userId`: whether the answer came from the cache, and whether the upstream was asked. */
async function ask(searcher: SearchClient, query: string, userId: string) {
  const before = upstream.calls;
  const response = await searcher.search({ query }, { userId });
  return { cached: response.cached, upstream: upstream.calls - before };
}

describe('forgetting a user deletes the answers their searches put in the cache', () => {
  it('in one process: their answers go, others’ stay', async () => {
    const store = new MemoryStore();
    const userAnswers = new MemoryUserAnswers(store);
    const cached = withCache(client(), { store, userAnswers, rateLimits: false });
    const mine = `ana asks ${randomUUID()}`;
    const theirs = `mark asks ${randomUUID()}`;
    expect(await ask(cached, mine, 'ana')).toEqual({ cached: false, upstream: 1 });
    expect(await ask(cached, theirs, 'mark')).toEqual({ cached: false, upstream: 1 });
    // Mark reads Ana's answer: it is still hers, not his.
    expect(await ask(cached, mine, 'mark')).toEqual({ cached: true, upstream: 0 });

    expect(await userAnswers.forget('ana')).toBe(1);
    // Nobody is served Ana's answer: the next asker reaches the upstream.
    expect(await ask(cached, mine, 'mark')).toEqual({ cached: false, upstream: 1 });
    expect(await ask(cached, theirs, 'mark')).toEqual({ cached: true, upstream: 0 });
    expect(await userAnswers.forget('ana')).toBe(0);
  });

  it('a search without a user is recorded for nobody', async () => {
    const store = new MemoryStore();
    const userAnswers = new MemoryUserAnswers(store);
    const cached = withCache(client(), { store, userAnswers, rateLimits: false });
    const query = `anonymous ${randomUUID()}`;
    await cached.search({ query });
    expect(await userAnswers.forget('')).toBe(0);
    expect((await cached.search({ query })).cached).toBe(true);
  });

  describe.skipIf(!redisUrl)('with Redis, several processes', () => {
    const caches: SearchCache[] = [];
    afterEach(async () => {
      await Promise.all(caches.splice(0).map((c) => c.close()));
    });
    const open = () => {
      const cache = createCacheFromEnv({ REDIS_URL: redisUrl, SEARCH_RATE_LIMIT: '0' });
      caches.push(cache);
      return cache;
    };

    it('in Redis and in every process’s own copy, whoever forgets', async () => {
      const [first, second, admin] = [open(), open(), open()];
      const one = first.wrap(client());
      const two = second.wrap(client());
      const user = `user-${randomUUID()}`;
      const query = `a private question ${randomUUID()}`;
      const other = `someone else's question ${randomUUID()}`;
      expect(await ask(one, query, user)).toEqual({ cached: false, upstream: 1 });
      expect(await ask(one, other, 'someone-else')).toEqual({ cached: false, upstream: 1 });
      // The second process keeps a copy in its memory, from Redis.
      expect(await ask(two, query, 'someone-else')).toEqual({ cached: true, upstream: 0 });

      // Forgotten by a process that never saw the answer (an admin's).
      expect(await admin.forgetUser(user)).toBe(1);
      // In Redis: the answer and the user's record of it.
      const redis = new Redis(redisUrl!);
      try {
        const key = cacheKey(one.normalize({ query }));
        const record = `agent-search:cache:user:${hash('sha256', user, 'base64url')}`;
        expect(await redis.exists(`agent-search:cache:${key}`, record)).toBe(0);
        expect(await redis.exists(`agent-search:cache:${cacheKey(one.normalize({ query: other }))}`)).toBe(1);
      } finally {
        redis.disconnect();
      }
      // Each process hears of it and drops its own copy; then nobody is served the answer.
      const front = (cache: SearchCache) => (cache.store as unknown as { front: MemoryStore }).front;
      const key = cacheKey(one.normalize({ query }));
      await vi.waitFor(async () => {
        expect(await front(first).get(key)).toBeUndefined();
        expect(await front(second).get(key)).toBeUndefined();
      });
      expect(await ask(two, query, 'someone-else')).toEqual({ cached: false, upstream: 1 });
      expect(await ask(one, other, 'someone-else')).toEqual({ cached: true, upstream: 0 });
    });
  });
});
