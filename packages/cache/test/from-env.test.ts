import { isSearchError, loadSearchConfig } from '@agent-search/core';
import { useMswServer } from '@agent-search/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { createCacheFromEnv, MemoryStore } from '../src/index.ts';
import {
  createUpstreamClient,
  fakeClock,
  HOUR,
  installUpstream,
  MINUTE,
  type Upstream,
  upstreamDefinition,
} from './upstream.ts';

const server = useMswServer();
let upstream: Upstream;

beforeEach(() => {
  upstream = installUpstream(server);
});

describe('createCacheFromEnv', () => {
  it('without REDIS_URL: a memory store, SEARCH_CACHE_TTL seconds as the default TTL', async () => {
    const clock = fakeClock();
    const cache = createCacheFromEnv({ SEARCH_CACHE_TTL: '120' }, { now: clock.now });
    expect(cache.store).toBeInstanceOf(MemoryStore);
    const client = cache.wrap(createUpstreamClient());
    await client.search({ query: 'short lived' });
    await client.search({ query: 'breaking', mode: 'news' });
    clock.advance(100_000);
    expect((await client.search({ query: 'short lived' })).cached).toBe(true);
    clock.advance(30_000);
    expect((await client.search({ query: 'short lived' })).cached).toBe(false);
    expect((await client.search({ query: 'breaking', mode: 'news' })).cached).toBe(true); // news keeps 1 h
    await cache.close();
  });

  it('wrapping a loadSearchConfig client: SEARCH_PROFILES profiles keep answers their ttlSeconds', async () => {
    const clock = fakeClock();
    const env = {
      SEARCH_PROVIDER_PRIORITY: 'upstream',
      SEARCH_PROFILES: JSON.stringify({
        tax: { queryTerms: ['tax law'], ttlSeconds: 86_400 },
        tech: { queryTerms: ['code'] },
      }),
      SEARCH_CACHE_TTL: '600',
    };
    const { client: inner } = loadSearchConfig(env, { definitions: [upstreamDefinition] });
    const cache = createCacheFromEnv(env, { now: clock.now });
    const client = cache.wrap(inner);
    expect(client.profiles).toBe(inner.profiles);
    await client.search({ query: 'vat rates', profile: 'tax' });
    await client.search({ query: 'rust lifetimes', profile: 'tech' });
    expect(upstream.queries).toEqual(['vat rates tax law', 'rust lifetimes code']);
    clock.advance(11 * MINUTE); // past SEARCH_CACHE_TTL
    expect((await client.search({ query: 'rust lifetimes', profile: 'tech' })).cached).toBe(false);
    clock.advance(2 * HOUR);
    expect((await client.search({ query: 'vat rates', profile: 'tax' })).cached).toBe(true);
    clock.advance(22 * HOUR);
    expect((await client.search({ query: 'vat rates', profile: 'tax' })).cached).toBe(false);
    expect(upstream.calls).toBe(4);
    await cache.close();
  });

  it('SEARCH_RATE_LIMIT sets the per-user limit; 0 turns it off', async () => {
    const limited = createCacheFromEnv({ SEARCH_RATE_LIMIT: '2' }).wrap(createUpstreamClient());
    await limited.search({ query: 'a' }, { userId: 'ivy' });
    await limited.search({ query: 'b' }, { userId: 'ivy' });
    const error = await limited.search({ query: 'c' }, { userId: 'ivy' }).catch((e: unknown) => e);
    expect(isSearchError(error) && error.code).toBe('rate_limited');

    const unlimited = createCacheFromEnv({ SEARCH_RATE_LIMIT: '0' }).wrap(createUpstreamClient());
    for (let i = 0; i < 12; i++) await unlimited.search({ query: `q${i}` }, { userId: 'ivy' });
    expect(upstream.calls).toBe(14);
  });

  it("reads WEB_SEARCH_RATE_LIMIT (the companion platform's name) when SEARCH_RATE_LIMIT is unset", async () => {
    const limited = createCacheFromEnv({ WEB_SEARCH_RATE_LIMIT: '1' }).wrap(createUpstreamClient());
    await limited.search({ query: 'a' }, { userId: 'ivy' });
    await expect(limited.search({ query: 'b' }, { userId: 'ivy' })).rejects.toMatchObject({
      code: 'rate_limited',
    });

    const both = createCacheFromEnv({ SEARCH_RATE_LIMIT: '3', WEB_SEARCH_RATE_LIMIT: '1' }).wrap(
      createUpstreamClient(),
    );
    for (const query of ['a', 'b', 'c']) await both.search({ query }, { userId: 'ivy' });
    await expect(both.search({ query: 'd' }, { userId: 'ivy' })).rejects.toMatchObject({
      code: 'rate_limited',
    });
    expect(() => createCacheFromEnv({ WEB_SEARCH_RATE_LIMIT: 'ten' })).toThrow(/WEB_SEARCH_RATE_LIMIT/);
  });

  it('SEARCH_GLOBAL_RATE_LIMIT with SEARCH_GLOBAL_MAX_WAIT_MS bounds upstream searches', async () => {
    const client = createCacheFromEnv({
      SEARCH_GLOBAL_RATE_LIMIT: '1',
      SEARCH_GLOBAL_MAX_WAIT_MS: '100',
    }).wrap(createUpstreamClient());
    await client.search({ query: 'one' });
    const error = await client.search({ query: 'two' }).catch((e: unknown) => e);
    expect(isSearchError(error) && error.code).toBe('rate_limited');
    expect(upstream.calls).toBe(1);
  });

  it('SEARCH_CACHE_EMPTY_TTL: seconds an answer with no results stays fresh (default 60)', async () => {
    const clock = fakeClock();
    upstream.available = 0;
    for (const [env, freshFor] of [
      [{}, 60_000],
      [{ SEARCH_CACHE_EMPTY_TTL: '600' }, 600_000],
    ] as const) {
      const cache = createCacheFromEnv(env, { now: clock.now });
      const client = cache.wrap(createUpstreamClient());
      const query = `empty ${freshFor}`;
      await client.search({ query });
      clock.advance(freshFor - 1_000);
      expect((await client.search({ query })).cached).toBe(true);
      clock.advance(2_000);
      expect((await client.search({ query })).cached).toBe(false);
      await cache.close();
    }
    expect(() => createCacheFromEnv({ SEARCH_CACHE_EMPTY_TTL: '0' })).toThrow(/SEARCH_CACHE_EMPTY_TTL/);
  });

  it('rejects malformed numbers with a message naming the variable', () => {
    expect(() => createCacheFromEnv({ SEARCH_CACHE_TTL: 'an hour' })).toThrow(/SEARCH_CACHE_TTL.*"an hour"/);
    expect(() => createCacheFromEnv({ SEARCH_CACHE_TTL: '0' })).toThrow(/SEARCH_CACHE_TTL/);
    expect(() => createCacheFromEnv({ SEARCH_RATE_LIMIT: '-1' })).toThrow(/SEARCH_RATE_LIMIT/);
    expect(() => createCacheFromEnv({ SEARCH_CACHE_REFRESH_WAIT_MS: 'soon' })).toThrow(
      /SEARCH_CACHE_REFRESH_WAIT_MS.*"soon"/,
    );
  });
});
