import { HANG_MS, searchFailure, useMswServer } from '@agent-search/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withCache } from '../src/index.ts';
import { createUpstreamClient, fakeClock, HOUR, installUpstream, type Upstream } from './upstream.ts';

const server = useMswServer();
let upstream: Upstream;

beforeEach(() => {
  upstream = installUpstream(server);
});

describe('per-user rate limit', () => {
  it('refuses a user past the limit with a message the model can repeat, and leaves others alone', async () => {
    const client = withCache(createUpstreamClient(), { rateLimits: { perUser: { points: 3 } } });
    for (const q of ['one', 'two', 'three']) await client.search({ query: q }, { userId: 'alice' });
    const error = await searchFailure(client.search({ query: 'four' }, { userId: 'alice' }));
    expect(error.code).toBe('rate_limited');
    expect(error.retryable).toBe(true);
    expect(error.retryAfterMs).toBeGreaterThan(0);
    expect(error.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect(error.message).toMatch(/^You are searching too often; try again in \d+ seconds?\.$/);
    expect(upstream.calls).toBe(3);

    expect((await client.search({ query: 'four' }, { userId: 'bob' })).cached).toBe(false);
    expect((await client.search({ query: 'five' })).cached).toBe(false); // no userId: no per-user limit
    expect(upstream.calls).toBe(5);
  });

  it('an empty userId is an id like any other: limited, and apart from others', async () => {
    const client = withCache(createUpstreamClient(), { rateLimits: { perUser: { points: 2 } } });
    for (const q of ['one', 'two']) await client.search({ query: q }, { userId: '' });
    expect((await searchFailure(client.search({ query: 'three' }, { userId: '' }))).code).toBe(
      'rate_limited',
    );
    expect((await client.search({ query: 'three' }, { userId: 'dora' })).cached).toBe(false);
    expect(upstream.calls).toBe(3);
  });

  it('cache hits are free', async () => {
    const client = withCache(createUpstreamClient(), { rateLimits: { perUser: { points: 1 } } });
    await client.search({ query: 'tram map' }, { userId: 'carol' });
    for (let i = 0; i < 5; i++) {
      expect((await client.search({ query: 'tram map' }, { userId: 'carol' })).cached).toBe(true);
    }
    expect((await searchFailure(client.search({ query: 'bus map' }, { userId: 'carol' }))).code).toBe(
      'rate_limited',
    );
  });

  it('invalid requests are free: an unknown profile is refused before the limit counts it', async () => {
    const client = withCache(createUpstreamClient(), { rateLimits: { perUser: { points: 1 } } });
    for (const input of [{ query: 'tax rates', profile: 'nope' }, { query: '   ' }]) {
      expect((await searchFailure(client.search(input, { userId: 'erin' }))).code).toBe('invalid_request');
    }
    expect((await client.search({ query: 'tax rates' }, { userId: 'erin' })).cached).toBe(false);
    expect(upstream.calls).toBe(1);
  });

  it('is 10 per minute by default', async () => {
    const client = withCache(createUpstreamClient());
    for (let i = 0; i < 10; i++) await client.search({ query: `query ${i}` }, { userId: 'dave' });
    expect((await searchFailure(client.search({ query: 'query 10' }, { userId: 'dave' }))).code).toBe(
      'rate_limited',
    );
  });

  it('a refused first caller does not take down identical requests of other users', async () => {
    const client = withCache(createUpstreamClient(), { rateLimits: { perUser: { points: 1 } } });
    await client.search({ query: 'warm up' }, { userId: 'erin' });
    const [refused, served] = await Promise.allSettled([
      client.search({ query: 'shared question' }, { userId: 'erin' }),
      client.search({ query: 'shared question' }, { userId: 'frank' }),
    ]);
    expect(refused.status).toBe('rejected');
    expect(served.status === 'fulfilled' && served.value.results.length).toBeGreaterThan(0);
    expect(upstream.calls).toBe(2);
  });
});

describe('global rate limit with a queue', () => {
  it('queues requests over the limit until the window has room', async () => {
    const client = withCache(createUpstreamClient(), {
      rateLimits: { perUser: false, global: { points: 2, durationSeconds: 1, maxWaitMs: 5_000 } },
    });
    // Simulated time: the limiter's window and its queue's wait, not the machine's speed, decide.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    try {
      const searches = Promise.all(['a', 'b', 'c'].map((q) => client.search({ query: `queued ${q}` })));
      await vi.advanceTimersByTimeAsync(900);
      // Two fit this second's window; the third waits in the queue for the next one.
      expect(upstream.calls).toBe(2);
      await vi.advanceTimersByTimeAsync(200);
      const responses = await searches;
      expect(responses.every((r) => r.results.length > 0)).toBe(true);
      expect(upstream.calls).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('past the wait bound, serves a cached answer even if stale', async () => {
    const clock = fakeClock();
    const client = withCache(createUpstreamClient(), {
      now: clock.now,
      rateLimits: { perUser: false, global: { points: 1, durationSeconds: 60, maxWaitMs: 150 } },
    });
    const original = await client.search({ query: 'opening hours' });
    clock.advance(2 * HOUR); // the entry is past its TTL
    const fallback = await client.search({ query: 'opening hours' });
    expect(fallback.stale).toBe(true);
    expect(fallback.cached).toBe(true);
    expect(fallback.results).toEqual(original.results);
    expect(upstream.calls).toBe(1);
  });

  it('past the wait bound without a cached answer, refuses with rate_limited', async () => {
    const client = withCache(createUpstreamClient(), {
      rateLimits: { perUser: false, global: { points: 1, durationSeconds: 60, maxWaitMs: 150 } },
    });
    await client.search({ query: 'first' });
    const error = await searchFailure(client.search({ query: 'second' }));
    expect(error.code).toBe('rate_limited');
    expect(error.message).toMatch(/busy.*try again in \d+ seconds?/);
    expect(error.retryAfterMs).toBeGreaterThan(1_000);
    expect(upstream.calls).toBe(1);
  });

  it('turns requests away at once when the queue is full', async () => {
    const client = withCache(createUpstreamClient(), {
      rateLimits: {
        perUser: false,
        // A wait bound past the hang bound: a search that waited for it would fail the test as hung.
        global: { points: 1, durationSeconds: 60, maxWaitMs: 2 * HANG_MS, maxQueueLength: 1 },
      },
    });
    await client.search({ query: 'takes the only token' });
    const leave = new AbortController();
    const waiting = client.search({ query: 'waits in the queue' }, { signal: leave.signal });
    waiting.catch(() => {});
    const error = await searchFailure(client.search({ query: 'no room' }));
    expect(error.code).toBe('rate_limited');
    leave.abort(new DOMException('the caller left', 'TimeoutError'));
    await expect(waiting).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(upstream.calls).toBe(1);
  });
});
