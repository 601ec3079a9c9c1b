import { wrapSearchClient } from '@agent-search/core';
import { searchFailure, useMswServer } from '@agent-search/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withGlobalLimit } from '../src/global-limit.ts';
import { SearchRateLimits } from '../src/rate-limits.ts';
import { createUpstreamClient, installUpstream, type Upstream } from './upstream.ts';

const server = useMswServer();
let upstream: Upstream;

beforeEach(() => {
  upstream = installUpstream(server);
});

/** One upstream search per second for the whole service, waiting up to 5 s for a turn. */
const oneASecond = () =>
  new SearchRateLimits({ perUser: false, global: { points: 1, durationSeconds: 1, maxWaitMs: 5_000 } });

describe('withGlobalLimit (alone, no cache)', () => {
  it('holds a search past the limit in the queue until the window has room', async () => {
    const client = withGlobalLimit(createUpstreamClient(), oneASecond());
    // Simulated time: the limiter's window and its queue's wait, not the machine's speed, decide.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    try {
      const searches = Promise.all([client.search({ query: 'first' }), client.search({ query: 'second' })]);
      await vi.advanceTimersByTimeAsync(900);
      // The second waits in the queue for the next one-second window.
      expect(upstream.calls).toBe(1);
      await vi.advanceTimersByTimeAsync(200);
      const [a, b] = await searches;
      expect(a.results.length).toBeGreaterThan(0);
      expect(b.results.length).toBeGreaterThan(0);
      expect(upstream.calls).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts the wait against the deadline: the client gets only what is left of it', async () => {
    // The layer's clock, moved by the test: the real limiter queues the search, and its wait counts 1 s.
    let clock = 0;
    const limits = oneASecond();
    const queued = {
      async acquireUpstream(...args: Parameters<SearchRateLimits['acquireUpstream']>) {
        await limits.acquireUpstream(...args);
        clock += 1_000;
      },
    };
    // What the wrapped client is asked for, as it is asked (composition, not a stand-in).
    const asked: (number | undefined)[] = [];
    const inner = createUpstreamClient();
    const recorded = wrapSearchClient(inner, {
      search: (input, options = {}) => {
        asked.push(options.timeoutMs);
        return inner.search(input, options);
      },
    });
    const client = withGlobalLimit(recorded, queued, { now: () => clock });
    await client.search({ query: 'takes this second’s token' });
    upstream.gate = new Promise(() => {}); // the next upstream search never answers
    const error = await searchFailure(client.search({ query: 'waits, then hangs' }, { timeoutMs: 1_500 }));
    expect(error.code).toBe('timeout');
    expect(upstream.calls).toBe(2);
    // 1 s in the queue, so the client gets the 0.5 s left, not the full deadline again.
    expect(asked).toEqual([5_000 - 1_000, 500]);
  });

  it('refuses with rate_limited when the turn would come after the deadline', async () => {
    const client = withGlobalLimit(createUpstreamClient(), oneASecond());
    await client.search({ query: 'takes this second’s token' });
    // Refused up front: a search that waited for its turn would end in a timeout, its 200 ms used up.
    const error = await searchFailure(client.search({ query: 'cannot wait' }, { timeoutMs: 200 }));
    expect(error.code).toBe('rate_limited');
    expect(upstream.calls).toBe(1);
  });

  it('is the client it wraps in every other respect', () => {
    const inner = createUpstreamClient();
    const client = withGlobalLimit(inner, oneASecond());
    expect(client.providers).toBe(inner.providers);
    expect(client.profiles).toBe(inner.profiles);
    expect(client.timeoutMs).toBe(5_000);
    expect(client.health()).toEqual(inner.health());
    expect(client.hedgeUsage?.()).toEqual(inner.hedgeUsage?.());
  });
});
