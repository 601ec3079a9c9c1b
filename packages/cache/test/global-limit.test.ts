import { searchFailure, useMswServer } from '@agent-search/testing';
import { beforeEach, describe, expect, it } from 'vitest';
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
    const stamps: number[] = [];
    server.events.on('request:start', () => stamps.push(Date.now()));
    const [a, b] = await Promise.all([client.search({ query: 'first' }), client.search({ query: 'second' })]);
    server.events.removeAllListeners();
    expect(a.results.length).toBeGreaterThan(0);
    expect(b.results.length).toBeGreaterThan(0);
    expect(upstream.calls).toBe(2);
    expect(stamps[1]! - stamps[0]!).toBeGreaterThanOrEqual(800);
  });

  it('counts the wait against the deadline: the client gets only what is left of it', async () => {
    const client = withGlobalLimit(createUpstreamClient(), oneASecond());
    await client.search({ query: 'takes this second’s token' });
    upstream.gate = new Promise(() => {}); // the next upstream search never answers
    const started = performance.now();
    const error = await searchFailure(client.search({ query: 'waits, then hangs' }, { timeoutMs: 1_500 }));
    const took = performance.now() - started;
    expect(error.code).toBe('timeout');
    expect(upstream.calls).toBe(2);
    // About 1 s in the queue, then the 0.5 s left; the full deadline again after the wait would be 2.5 s.
    expect(took).toBeGreaterThanOrEqual(1_300);
    expect(took).toBeLessThan(2_300);
  });

  it('refuses with rate_limited when the turn would come after the deadline', async () => {
    const client = withGlobalLimit(createUpstreamClient(), oneASecond());
    await client.search({ query: 'takes this second’s token' });
    const started = performance.now();
    const error = await searchFailure(client.search({ query: 'cannot wait' }, { timeoutMs: 200 }));
    expect(error.code).toBe('rate_limited');
    expect(performance.now() - started).toBeLessThan(800);
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
