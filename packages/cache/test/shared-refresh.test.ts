import { randomUUID } from 'node:crypto';
import type { SearchRequest } from '@agent-search/core';
import { useMswServer } from '@agent-search/testing';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createCacheFromEnv, RedisStore, type SearchCache } from '../src/index.ts';
import { TEST_UPSTREAM } from './fixtures/http-provider.ts';
import { upstreamBody } from './fixtures/upstream-body.ts';
import { createUpstreamClient, fakeClock, HOUR, MINUTE } from './upstream.ts';

const redisUrl = inject('redisUrl');
const server = useMswServer();

/**
 * The test upstream, answering only when the test says so: each request waits in `pending` until
 * `answer(status)` is called, so a test can hold one worker's refresh while another worker searches.
 */
function heldUpstream() {
  const pending: { query: string; answer: (status: number) => void }[] = [];
  let calls = 0;
  server.use(
    http.post(TEST_UPSTREAM, async ({ request }) => {
      calls++;
      const { query, maxResults } = (await request.json()) as SearchRequest;
      const status = await new Promise<number>((resolve) => {
        pending.push({ query, answer: resolve });
        request.signal.addEventListener('abort', () => resolve(0));
      });
      if (status === 0) return HttpResponse.error();
      if (status !== 200) return HttpResponse.json({ error: 'upstream failure' }, { status });
      return HttpResponse.json(upstreamBody(`${query} #${calls}`, maxResults));
    }),
  );
  return {
    pending,
    calls: () => calls,
    /** Answers the oldest waiting request, once there is one. */
    async answerNext(status = 200) {
      await expect.poll(() => pending.length).toBeGreaterThan(0);
      pending.shift()!.answer(status);
    },
  };
}

const caches: SearchCache[] = [];
afterEach(async () => {
  await Promise.all(caches.splice(0).map((c) => c.close()));
});

/** A worker: its own memory tier and Redis connection, on the shared REDIS_URL and the test's clock. */
function worker(clock: ReturnType<typeof fakeClock>, env: Record<string, string> = {}) {
  const cache = createCacheFromEnv(
    { REDIS_URL: redisUrl, SEARCH_RATE_LIMIT: '0', ...env },
    { now: clock.now },
  );
  caches.push(cache);
  return cache.wrap(createUpstreamClient());
}

/**
 * Two workers on one clock, and a query worker A searched once: its answer, stored in Redis and in A's
 * memory, is then `age` old (expired: the next search of it refreshes it).
 */
async function expiredAnswer(
  label: string,
  options: { envA?: Record<string, string>; envB?: Record<string, string>; age?: number } = {},
) {
  const upstream = heldUpstream();
  const clock = fakeClock();
  const a = worker(clock, options.envA);
  const b = worker(clock, options.envB ?? options.envA);
  const query = `${label} ${randomUUID()}`;
  const first = a.search({ query });
  await upstream.answerNext();
  const original = await first;
  clock.advance(options.age ?? 2 * HOUR);
  return { upstream, clock, a, b, query, original };
}

describe.skipIf(!redisUrl)('two workers sharing Redis', () => {
  it("a worker's own expired memory copy does not hide the newer answer another worker stored", async () => {
    const { upstream, clock, a, b, query, original } = await expiredAnswer('read through', {
      age: HOUR + MINUTE,
    });

    // B refreshes the expired answer (A's copy sits in A's memory, expired too).
    const refreshing = b.search({ query });
    await upstream.answerNext();
    const refreshed = await refreshing;
    expect(refreshed.cached).toBe(false);
    expect(refreshed.results).not.toEqual(original.results);

    clock.advance(MINUTE);
    const fromA = await a.search({ query });
    expect(fromA).toMatchObject({ cached: true, ageMs: MINUTE });
    expect(fromA.stale).toBeUndefined();
    expect(fromA.results).toEqual(refreshed.results);
    expect(upstream.calls()).toBe(2);
    // And A keeps the newer copy in memory: no more Redis reads needed to answer fresh.
    expect((await a.search({ query })).results).toEqual(refreshed.results);
  });

  it('one worker refreshes an expired answer; the other waits for it instead of searching too', async () => {
    const { upstream, a, b, query } = await expiredAnswer('coalesced', {
      envA: { SEARCH_CACHE_REFRESH_WAIT_MS: '10000' },
    });

    const fromB = b.search({ query });
    await expect.poll(() => upstream.pending.length).toBe(1);
    const fromA = a.search({ query });
    // A waits on B's lease rather than calling the upstream itself.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(upstream.calls()).toBe(2);

    await upstream.answerNext();
    const [answerB, answerA] = await Promise.all([fromB, fromA]);
    expect(answerB.cached).toBe(false);
    expect(answerA).toMatchObject({ cached: true });
    expect(answerA.stale).toBeUndefined();
    expect(answerA.results).toEqual(answerB.results);
    expect(upstream.calls()).toBe(2);
  });

  it('a waiting worker serves the expired answer, marked stale, when the refresh takes longer than its wait', async () => {
    const { upstream, a, b, query, original } = await expiredAnswer('slow refresh', {
      envA: { SEARCH_CACHE_REFRESH_WAIT_MS: '200' },
      envB: {},
    });

    const fromB = b.search({ query });
    await expect.poll(() => upstream.pending.length).toBe(1);
    const fromA = await a.search({ query });
    // Served while B's refresh is still waiting on the upstream: A did not wait for it.
    expect(upstream.pending).toHaveLength(1);
    expect(fromA).toMatchObject({ cached: true, stale: true, attempts: [], ageMs: 2 * HOUR });
    expect(fromA.results).toEqual(original.results);
    expect(upstream.calls()).toBe(2);

    await upstream.answerNext();
    expect((await fromB).cached).toBe(false);
  });

  it('when the refreshing worker fails, a waiting worker takes over the refresh', async () => {
    const { upstream, a, b, query } = await expiredAnswer('failed refresh', {
      envA: { SEARCH_CACHE_REFRESH_WAIT_MS: '10000' },
    });

    const fromB = b.search({ query });
    await expect.poll(() => upstream.pending.length).toBe(1);
    const fromA = a.search({ query });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(upstream.calls()).toBe(2); // A waits on B's refresh
    await upstream.answerNext(500);
    // B's search failed: B serves its expired answer, and A, no longer waiting on B, searches itself.
    expect(await fromB).toMatchObject({
      stale: true,
      attempts: [expect.objectContaining({ outcome: 'error' })],
    });
    await upstream.answerNext(200);
    const answerA = await fromA;
    expect(answerA.cached).toBe(false);
    expect(upstream.calls()).toBe(3);
  });

  it('the caller who gives up stops waiting at once', async () => {
    const { upstream, a, b, query } = await expiredAnswer('abandoned wait', {
      envA: { SEARCH_CACHE_REFRESH_WAIT_MS: '30000' },
    });

    const fromB = b.search({ query });
    await expect.poll(() => upstream.pending.length).toBe(1);
    // Timers fire in order: one due a second before A's 30 s wait ends has not fired if A stopped at its
    // caller's 200 ms, however busy the machine.
    let waitNearlyOver = false;
    const sentinel = setTimeout(() => {
      waitNearlyOver = true;
    }, 29_000);
    const error = await a.search({ query }, { signal: AbortSignal.timeout(200) }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    clearTimeout(sentinel);
    expect(error?.name).toBe('TimeoutError');
    expect(waitNearlyOver).toBe(false);
    await upstream.answerNext();
    await fromB;
  });
});

describe.skipIf(!redisUrl)('RedisStore refresh leases', () => {
  it('one holder at a time; only its token releases it; it lapses after its time', async () => {
    const store = new RedisStore({ url: redisUrl, keyPrefix: `test:${randomUUID()}:` });
    try {
      const token = await store.acquireLease('k', 10_000);
      expect(token).toEqual(expect.any(String));
      expect(await store.acquireLease('k', 10_000)).toBeUndefined();
      await store.releaseLease('k', 'not-the-token');
      expect(await store.acquireLease('k', 10_000)).toBeUndefined();
      await store.releaseLease('k', token!);
      const next = await store.acquireLease('k', 100);
      expect(next).toEqual(expect.any(String));
      expect(next).not.toBe(token);
      await expect.poll(() => store.acquireLease('k', 10_000)).toEqual(expect.any(String));
      // The lease is not a cache entry.
      expect(await store.get('k')).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});
