import { SearchError, type SearchOptions, wrapSearchClient } from '@agent-search/core';
import { searchFailure, useMswServer } from '@agent-search/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { withAnswerCache } from '../src/answer-cache.ts';
import { MemoryStore } from '../src/memory-store.ts';
import type { CacheStore } from '../src/store.ts';
import { createUpstreamClient, fakeClock, HOUR, installUpstream, type Upstream } from './upstream.ts';

const server = useMswServer();
let upstream: Upstream;

beforeEach(() => {
  upstream = installUpstream(server);
});

describe('withAnswerCache (alone, no limits)', () => {
  it('admits only searches that leave the cache, once per coalesced search; a refusal is never served stale', async () => {
    const clock = fakeClock();
    const admitted: (string | undefined)[] = [];
    const client = withAnswerCache(createUpstreamClient(), {
      now: clock.now,
      admit: async ({ userId }) => {
        admitted.push(userId);
        if (userId === 'blocked') throw new SearchError('rate_limited', 'You are searching too often');
      },
    });
    await client.search({ query: 'ferry times' }, { userId: 'ana' });
    expect((await client.search({ query: 'ferry times' }, { userId: 'ben' })).cached).toBe(true);
    expect(admitted).toEqual(['ana']);

    clock.advance(2 * HOUR); // expired, still within the stale window
    const refused = await searchFailure(client.search({ query: 'ferry times' }, { userId: 'blocked' }));
    expect(refused.code).toBe('rate_limited');
    expect(upstream.calls).toBe(1);

    upstream.gate = new Promise<void>((resolve) => setTimeout(resolve, 50));
    const together = await Promise.all(
      ['cai', 'dev', 'eve'].map((userId) => client.search({ query: 'tram times' }, { userId })),
    );
    expect(together.map((r) => r.cached)).toEqual([false, false, false]);
    expect(admitted).toEqual(['ana', 'blocked', 'cai']);
    expect(upstream.calls).toBe(2);
  });

  it('hands the client what is left of the deadline after its own work, with the caller’s user and providers', async () => {
    const clock = fakeClock();
    const memory = new MemoryStore();
    // A store that takes 300 ms (on the test clock) to answer, as a slow Redis would.
    const slowStore: CacheStore = {
      get: async (key) => {
        clock.advance(300);
        return memory.get(key);
      },
      set: (key, value, ttlMs) => memory.set(key, value, ttlMs),
      delete: (key) => memory.delete(key),
      close: () => memory.close(),
    };
    const inner = createUpstreamClient();
    const seen: SearchOptions[] = [];
    const recording = wrapSearchClient(inner, {
      search: (input, options) => {
        seen.push(options ?? {});
        return inner.search(input, options);
      },
    });
    const client = withAnswerCache(recording, { store: slowStore, now: clock.now });
    await client.search(
      { query: 'ferry times' },
      { userId: 'ana', providers: ['upstream'], timeoutMs: 2_000 },
    );
    await client.search({ query: 'tram times' });
    expect(seen).toEqual([
      { signal: expect.any(AbortSignal), userId: 'ana', providers: ['upstream'], timeoutMs: 1_700 },
      { signal: expect.any(AbortSignal), timeoutMs: 4_700 }, // the client's own 5 s deadline
    ]);
  });

  it('is the client it wraps in every other respect', () => {
    const inner = createUpstreamClient();
    const client = withAnswerCache(inner);
    expect(client.providers).toBe(inner.providers);
    expect(client.profiles).toBe(inner.profiles);
    expect(client.timeoutMs).toBe(inner.timeoutMs);
    expect(client.hedgeUsage?.()).toEqual(inner.hedgeUsage?.());
    expect(client.flush).toBeTypeOf('function');
  });
});
