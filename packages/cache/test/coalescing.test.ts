import { useMswServer } from '@agent-search/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withCache } from '../src/index.ts';
import { createUpstreamClient, installUpstream, type Upstream } from './upstream.ts';

const server = useMswServer();
let upstream: Upstream;
let release: () => void;

beforeEach(() => {
  upstream = installUpstream(server);
  upstream.gate = new Promise<void>((resolve) => {
    release = resolve;
  });
});

const settled = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error: error as Error }),
  );

describe('coalescing identical searches', () => {
  it('50 concurrent identical requests share one upstream search', async () => {
    const client = withCache(createUpstreamClient(), { rateLimits: false });
    const all = Array.from({ length: 50 }, (_, i) =>
      client.search({ query: i % 2 ? 'Tide Tables' : 'tide  tables', maxResults: 4 }, { userId: `u${i}` }),
    );
    await vi.waitFor(() => expect(upstream.calls).toBe(1));
    release();
    const responses = await Promise.all(all);
    expect(upstream.calls).toBe(1);
    for (const r of responses) {
      expect(r.cached).toBe(false);
      expect(r.results).toEqual(responses[0]!.results);
    }
    expect(responses[0]!.results).toHaveLength(4);
  });

  it('a request for fewer results joins; one for more starts its own search', async () => {
    const client = withCache(createUpstreamClient(), { rateLimits: false });
    const five = client.search({ query: 'bike lanes', maxResults: 5 });
    await vi.waitFor(() => expect(upstream.calls).toBe(1));
    const two = client.search({ query: 'bike lanes', maxResults: 2 });
    const eight = client.search({ query: 'bike lanes', maxResults: 8 });
    await vi.waitFor(() => expect(upstream.calls).toBe(2));
    release();
    const [r5, r2, r8] = await Promise.all([five, two, eight]);
    expect(r5.results).toHaveLength(5);
    expect(r2.results).toEqual(r5.results.slice(0, 2));
    expect(r8.results).toHaveLength(8);
    expect(upstream.calls).toBe(2);
  });

  it('one caller aborting does not abort the search for the others', async () => {
    const client = withCache(createUpstreamClient(), { rateLimits: false });
    const leaving = new AbortController();
    const a = settled(client.search({ query: 'museum hours' }, { signal: leaving.signal }));
    const b = settled(client.search({ query: 'museum hours' }, { signal: new AbortController().signal }));
    const c = settled(client.search({ query: 'museum hours' }));
    await vi.waitFor(() => expect(upstream.calls).toBe(1));
    leaving.abort(new DOMException('caller left', 'AbortError'));
    const left = await a;
    expect(left.ok).toBe(false);
    if (!left.ok) expect(left.error.name).toBe('AbortError');
    release();
    const [rb, rc] = await Promise.all([b, c]);
    expect(rb.ok && rb.value.results.length).toBeGreaterThan(0);
    expect(rc.ok && rc.value.results.length).toBeGreaterThan(0);
    expect(upstream.aborted).toBe(0);
    expect(upstream.calls).toBe(1);
  });

  it('when every caller aborts, the upstream search is abandoned and the next request starts afresh', async () => {
    const client = withCache(createUpstreamClient(), { rateLimits: false });
    const controllers = [new AbortController(), new AbortController()];
    const pending = controllers.map((c) =>
      settled(client.search({ query: 'ferry times' }, { signal: c.signal })),
    );
    await vi.waitFor(() => expect(upstream.calls).toBe(1));
    for (const c of controllers) c.abort(new DOMException('gone', 'AbortError'));
    const outcomes = await Promise.all(pending);
    expect(outcomes.every((o) => !o.ok)).toBe(true);
    await vi.waitFor(() => expect(upstream.aborted).toBe(1));

    release();
    const fresh = await client.search({ query: 'ferry times' });
    expect(fresh.cached).toBe(false);
    expect(upstream.calls).toBe(2);
  });

  it('concurrent requests share a failure too, and the failure is not cached', async () => {
    const client = withCache(createUpstreamClient(), { rateLimits: false });
    upstream.failWith = 503;
    const all = Array.from({ length: 5 }, () => settled(client.search({ query: 'outage' })));
    await vi.waitFor(() => expect(upstream.calls).toBe(1));
    release();
    const outcomes = await Promise.all(all);
    expect(outcomes.every((o) => !o.ok)).toBe(true);
    expect(upstream.calls).toBe(1);
    upstream.failWith = undefined;
    expect((await client.search({ query: 'outage' })).cached).toBe(false);
    expect(upstream.calls).toBe(2);
  });
});
