import { useMswServer } from '@agent-search/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { withAnswerCache } from '../src/answer-cache.ts';
import { cacheKey } from '../src/cache-key.ts';
import { MemoryStore } from '../src/memory-store.ts';
import type { CacheStore, StoreCapabilities } from '../src/store.ts';
import { createUpstreamClient, installUpstream, type Upstream } from './upstream.ts';

const server = useMswServer();
let upstream: Upstream;

beforeEach(() => {
  upstream = installUpstream(server);
});

/** A caller's own store (memory underneath) that declares `capabilities`, or nothing. */
function ownStore(capabilities?: StoreCapabilities): CacheStore {
  const values = new MemoryStore();
  return {
    ...(capabilities ? { capabilities } : {}),
    get: (key) => values.get(key),
    set: (key, value, ttlMs) => values.set(key, value, ttlMs),
    delete: (key) => values.delete(key),
    close: () => values.close(),
  };
}

/** An entry no search of this cache would write: its result's title is not what normalization makes of it. */
function foreignEntry() {
  const now = Date.now();
  return {
    v: 1,
    mode: 'text',
    provider: 'upstream',
    results: [
      {
        title: '  <b>Ferry</b>   times ',
        url: 'https://example.com/ferry',
        snippet: 'Boats.',
        provider: 'upstream',
      },
    ],
    totalResults: 1,
    fetchedAt: new Date(now).toISOString(),
    maxResults: 1,
    storedAt: now,
    freshUntil: now + 60_000,
  };
}

describe('the cache reads what a store declares it can do, never its class', () => {
  it('a store that declares nothing is read as untrusted input: a foreign entry is a miss', async () => {
    const store = ownStore();
    const inner = createUpstreamClient();
    await store.set(
      cacheKey(inner.normalize({ query: 'ferry times', maxResults: 1 })),
      foreignEntry(),
      60_000,
    );
    const client = withAnswerCache(inner, { store });
    const response = await client.search({ query: 'ferry times', maxResults: 1 });
    expect(response.cached).toBe(false);
    expect(upstream.calls).toBe(1);
  });

  it('a store that declares it holds only this process’s writes is believed: its entries are not checked again', async () => {
    const store = ownStore({ ownWritesOnly: true });
    const inner = createUpstreamClient();
    await store.set(
      cacheKey(inner.normalize({ query: 'ferry times', maxResults: 1 })),
      foreignEntry(),
      60_000,
    );
    const client = withAnswerCache(inner, { store });
    const response = await client.search({ query: 'ferry times', maxResults: 1 });
    expect(response.cached).toBe(true);
    expect(response.results[0]?.title).toBe('  <b>Ferry</b>   times ');
    expect(upstream.calls).toBe(0);
  });

  it('our stores declare theirs: memory is private, the tiered store (Redis behind) is shared and checked', async () => {
    expect(new MemoryStore().capabilities).toEqual({
      ownWritesOnly: true,
      frozenReads: true,
      reportsTtl: true,
    });
    const { TieredStore } = await import('../src/tiered-store.ts');
    const tiered = new TieredStore({ front: new MemoryStore(), back: ownStore() });
    expect(tiered.capabilities).toEqual({ frozenReads: true, shared: true });
  });
});
