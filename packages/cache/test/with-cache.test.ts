import { defineProfiles, type SearchClient, type SearchResponse } from '@agent-search/core';
import { searchFailure, useMswServer } from '@agent-search/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CacheOptions, MemoryStore, withCache } from '../src/index.ts';
import { createUpstreamClient, fakeClock, HOUR, installUpstream, MINUTE, type Upstream } from './upstream.ts';

const server = useMswServer();
let upstream: Upstream;
let clock: ReturnType<typeof fakeClock>;

beforeEach(() => {
  upstream = installUpstream(server);
  clock = fakeClock();
});

function cached(options: CacheOptions = {}): SearchClient {
  return withCache(createUpstreamClient(), { now: clock.now, rateLimits: false, ...options });
}

describe('withCache: hits and keys', () => {
  it('answers a repeated request from the cache, flagged with its age', async () => {
    const client = cached();
    const first = await client.search({ query: 'solar panels', maxResults: 3 });
    expect(first.cached).toBe(false);
    expect(first.ageMs).toBeUndefined();
    expect(first.results).toHaveLength(3);

    clock.advance(5 * MINUTE);
    const second = await client.search({ query: 'solar panels', maxResults: 3 });
    expect(upstream.calls).toBe(1);
    expect(second.cached).toBe(true);
    expect(second.stale).toBeUndefined();
    expect(second.ageMs).toBe(5 * MINUTE);
    expect(second.results).toEqual(first.results);
    expect(second.provider).toBe('upstream');
    expect(second.fetchedAt).toBe(first.fetchedAt);
  });

  it('keys on the normalized request: case, spacing and domain order do not matter, mode and filters do', async () => {
    const client = cached();
    await client.search({ query: 'Solar  Panels', includeDomains: ['example.com', 'example.org'] });
    const same = await client.search({
      query: ' solar panels ',
      includeDomains: 'example.org,www.example.com',
    });
    expect(same.cached).toBe(true);
    expect(same.query).toBe('solar panels'); // the caller's own query, not the first caller's
    expect(upstream.calls).toBe(1);

    for (const input of [
      { query: 'solar panels', mode: 'news' },
      { query: 'solar panels', includeDomains: ['example.com'] },
      { query: 'solar panels', includeDomains: ['example.com', 'example.org'], timeRange: 'week' },
      { query: 'solar panels', includeDomains: ['example.com', 'example.org'], region: 'de-de' },
      { query: 'solar panels', includeDomains: ['example.com', 'example.org'], safeSearch: 'off' },
      { query: 'solar panels', includeDomains: ['example.com', 'example.org'], profile: 'news' },
      { query: 'solar panels', includeDomains: ['example.com', 'example.org'], includeContent: true },
      { query: 'solar panel', includeDomains: ['example.com', 'example.org'] },
    ]) {
      const response = await client.search(input);
      expect(response.cached, JSON.stringify(input)).toBe(false);
    }
    expect(upstream.calls).toBe(9);
  });

  it('works like the client it wraps: same providers, profiles and health', () => {
    const inner = createUpstreamClient({ profiles: defineProfiles({ tax: { ttlSeconds: 86_400 } }) });
    const client = withCache(inner, { rateLimits: false });
    expect(client.providers).toBe(inner.providers);
    expect(client.profiles).toBe(inner.profiles);
    expect(client.profiles.tax?.ttlSeconds).toBe(86_400);
    expect(client.health()).toEqual(inner.health());
  });

  it('keys on the profile name as core resolves it: "News" is not served the news answer', async () => {
    const client = cached();
    await client.search({ query: 'data protection act', profile: 'news' });
    const error = await searchFailure(client.search({ query: 'data protection act', profile: 'News' }));
    expect(error.code).toBe('invalid_request');
    expect(error.message).toMatch(/Unknown search profile "News"/);
    expect(upstream.calls).toBe(1);
  });

  it('rejects invalid requests before the cache and the upstream', async () => {
    const client = cached();
    const error = await searchFailure(client.search({ query: '   ' }));
    expect(error.code).toBe('invalid_request');
    expect(upstream.calls).toBe(0);
  });
});

describe('withCache: what callers get is theirs', () => {
  it('a caller changing the results of a miss or a hit does not change the next hit', async () => {
    const client = cached();
    const miss = await client.search({ query: 'solar panels', maxResults: 3 });
    const original = structuredClone(miss.results);
    miss.results[0]!.title = 'changed by the first caller';
    miss.results.pop();
    const hit = await client.search({ query: 'solar panels', maxResults: 3 });
    expect(hit.cached).toBe(true);
    expect(hit.results).toEqual(original);
    hit.results[0]!.title = 'changed by the second caller';
    hit.results[1]!.url = 'https://changed.example/';
    hit.results.length = 0;
    const next = await client.search({ query: 'solar panels', maxResults: 2 });
    expect(next.cached).toBe(true);
    expect(next.results).toEqual(original.slice(0, 2));
    expect(upstream.calls).toBe(1);
  });
});

describe('withCache: TTL by kind and by profile', () => {
  // Profiles with lifetimes of their own, as a domain package (legal-cn) or SEARCH_PROFILES gives them.
  const profiles = defineProfiles({
    statutes: { includeDomains: ['npc.gov.cn'], ttlSeconds: 24 * 3600 },
    rulings: { includeDomains: ['court.gov.cn'], ttlSeconds: 6 * 3600 },
  });
  const cases = [
    { kind: 'news', input: { query: 'election results', mode: 'news' }, ttl: 1 * HOUR },
    { kind: 'news profile', input: { query: 'election results', profile: 'news' }, ttl: 1 * HOUR },
    { kind: 'profile of 24 h', input: { query: 'data protection act', profile: 'statutes' }, ttl: 24 * HOUR },
    { kind: 'profile of 6 h', input: { query: 'smith v jones', profile: 'rulings' }, ttl: 6 * HOUR },
    {
      kind: "a news search under a profile of 24 h: the profile's",
      input: { query: 'new rules', mode: 'news', profile: 'statutes' },
      ttl: 24 * HOUR,
    },
    { kind: 'default', input: { query: 'pasta recipes' }, ttl: 1 * HOUR },
  ];
  for (const { kind, input, ttl } of cases) {
    it(`${kind}: fresh until ${ttl / HOUR} h, searched again after`, async () => {
      const client = withCache(createUpstreamClient({ profiles }), { now: clock.now, rateLimits: false });
      await client.search(input);
      clock.advance(ttl - MINUTE);
      expect((await client.search(input)).cached).toBe(true);
      expect(upstream.calls).toBe(1);
      clock.advance(2 * MINUTE);
      const refreshed = await client.search(input);
      expect(refreshed.cached).toBe(false);
      expect(upstream.calls).toBe(2);
      // The refreshed entry is fresh again for a full TTL.
      clock.advance(ttl - MINUTE);
      expect((await client.search(input)).cached).toBe(true);
      expect(upstream.calls).toBe(2);
    });
  }

  it('TTLs are overridable per kind', async () => {
    const client = cached({ ttlMs: { news: 10 * MINUTE, default: 2 * HOUR } });
    await client.search({ query: 'storm', mode: 'news' });
    await client.search({ query: 'weather' });
    clock.advance(11 * MINUTE);
    expect((await client.search({ query: 'storm', mode: 'news' })).cached).toBe(false);
    clock.advance(HOUR);
    expect((await client.search({ query: 'weather' })).cached).toBe(true);
    expect(upstream.calls).toBe(3);
  });

  it("a profile's own TTL is not changed by the kinds' TTLs", async () => {
    const client = withCache(createUpstreamClient({ profiles }), {
      now: clock.now,
      rateLimits: false,
      ttlMs: { news: MINUTE, default: MINUTE },
    });
    await client.search({ query: 'smith v jones', profile: 'rulings' });
    clock.advance(6 * HOUR - MINUTE);
    expect((await client.search({ query: 'smith v jones', profile: 'rulings' })).cached).toBe(true);
  });

  it('rejects a TTL that is not positive, and kinds it does not have', () => {
    expect(() => cached({ ttlMs: { news: 0 } })).toThrow(/ttlMs.news/);
    expect(() => cached({ ttlMs: { regulation: HOUR } as never })).toThrow(
      'ttlMs.regulation: unknown kind (news, default); a profile sets its own TTL with ttlSeconds',
    );
  });
});

describe('withCache: TTL of user-defined profiles', () => {
  // A tax-law profile kept a day, a profile with no TTL of its own, and one with the deprecated ttlClass.
  const profiles = defineProfiles({
    tax: { queryTerms: ['tax law'], ttlSeconds: 86_400, description: '税收法规' },
    tech: { queryTerms: ['code'] },
    wire: { includeDomains: ['reuters.com'], ttlClass: 'news' },
  });
  const client = (options: CacheOptions = {}) =>
    withCache(createUpstreamClient({ profiles }), { now: clock.now, rateLimits: false, ...options });

  it('a profile with ttlSeconds 86400 keeps answers 24 h', async () => {
    const search = client();
    const input = { query: 'vat rates', profile: 'tax' };
    expect((await search.search(input)).cached).toBe(false);
    expect(upstream.queries).toEqual(['vat rates tax law']); // the client applied the profile
    clock.advance(2 * HOUR); // past the default TTL (1 h)
    expect((await search.search(input)).cached).toBe(true);
    clock.advance(22 * HOUR - MINUTE);
    expect((await search.search(input)).cached).toBe(true);
    expect(upstream.calls).toBe(1);
    clock.advance(2 * MINUTE);
    expect((await search.search(input)).cached).toBe(false);
    expect(upstream.calls).toBe(2);
  });

  it("gives the store the profile's TTL plus the stale window", async () => {
    const ttls: number[] = [];
    const store = new (class extends MemoryStore {
      override set(key: string, value: unknown, ttlMs: number) {
        ttls.push(ttlMs);
        return super.set(key, value, ttlMs);
      }
    })();
    const search = client({ store, staleMs: HOUR });
    await search.search({ query: 'vat rates', profile: 'tax' });
    await search.search({ query: 'rust lifetimes', profile: 'tech' });
    expect(ttls).toEqual([25 * HOUR, 2 * HOUR]);
  });

  it('a profile without ttlSeconds uses the default TTL', async () => {
    const search = client();
    await search.search({ query: 'rust lifetimes', profile: 'tech' });
    clock.advance(HOUR - MINUTE);
    expect((await search.search({ query: 'rust lifetimes', profile: 'tech' })).cached).toBe(true);
    clock.advance(2 * MINUTE);
    expect((await search.search({ query: 'rust lifetimes', profile: 'tech' })).cached).toBe(false);
    expect(upstream.calls).toBe(2);
  });

  it("the deprecated ttlClass 'news' keeps answers the news TTL's default, 1 h", async () => {
    const search = client({ ttlMs: { default: 10 * MINUTE } });
    await search.search({ query: 'markets', profile: 'wire' });
    clock.advance(HOUR - MINUTE);
    expect((await search.search({ query: 'markets', profile: 'wire' })).cached).toBe(true);
    clock.advance(2 * MINUTE);
    expect((await search.search({ query: 'markets', profile: 'wire' })).cached).toBe(false);
  });

  it("a user profile that redefines a profile's name takes the user's TTL", async () => {
    const base = defineProfiles({ statutes: { ttlSeconds: 86_400 } });
    const redefined = defineProfiles({ statutes: { queryTerms: ['statute'] } }, base);
    const search = withCache(createUpstreamClient({ profiles: redefined }), {
      now: clock.now,
      rateLimits: false,
    });
    await search.search({ query: 'data protection act', profile: 'statutes' });
    clock.advance(HOUR + MINUTE);
    expect((await search.search({ query: 'data protection act', profile: 'statutes' })).cached).toBe(false);
    expect(upstream.calls).toBe(2);
  });
});

describe('withCache: maxResults', () => {
  it('serves a request for fewer results from a bigger cached answer', async () => {
    const client = cached();
    const big = await client.search({ query: 'electric cars', maxResults: 8 });
    const small = await client.search({ query: 'electric cars', maxResults: 3 });
    expect(upstream.calls).toBe(1);
    expect(small.cached).toBe(true);
    expect(small.results).toEqual(big.results.slice(0, 3));
    expect(small.totalResults).toBe(3);
  });

  it('searches again for more results than a capped answer holds, and keeps the bigger answer', async () => {
    const client = cached();
    await client.search({ query: 'heat pumps', maxResults: 3 });
    const more = await client.search({ query: 'heat pumps', maxResults: 6 });
    expect(more.cached).toBe(false);
    expect(more.results).toHaveLength(6);
    expect(upstream.calls).toBe(2);
    const again = await client.search({ query: 'heat pumps', maxResults: 5 });
    expect(again.cached).toBe(true);
    expect(again.results).toEqual(more.results.slice(0, 5));
    expect(upstream.calls).toBe(2);
  });

  it('serves more than the entry holds when the upstream had no more to give', async () => {
    upstream.available = 2;
    const client = cached();
    const first = await client.search({ query: 'rare topic', maxResults: 5 });
    expect(first.results).toHaveLength(2);
    const bigger = await client.search({ query: 'rare topic', maxResults: 10 });
    expect(bigger.cached).toBe(true);
    expect(bigger.results).toEqual(first.results);
    expect(upstream.calls).toBe(1);
  });
});

describe('withCache: empty answers', () => {
  it('keeps an answer with no results fresh for a minute, not the hour of its kind', async () => {
    const client = cached();
    upstream.available = 0;
    const empty = await client.search({ query: 'nothing here yet' });
    expect(empty.results).toEqual([]);
    clock.advance(59_000);
    expect((await client.search({ query: 'nothing here yet' })).cached).toBe(true);
    expect(upstream.calls).toBe(1);

    clock.advance(2_000);
    upstream.available = 10;
    const later = await client.search({ query: 'nothing here yet' });
    expect(later.cached).toBe(false);
    expect(later.results.length).toBeGreaterThan(0);
    expect(upstream.calls).toBe(2);
    // The answer with results keeps the full TTL.
    clock.advance(30 * MINUTE);
    expect((await client.search({ query: 'nothing here yet' })).cached).toBe(true);
  });

  it('emptyTtlMs sets that time, and never lengthens a shorter TTL', async () => {
    const client = cached({ emptyTtlMs: 5 * MINUTE, ttlMs: { news: 2 * MINUTE } });
    upstream.available = 0;
    await client.search({ query: 'quiet topic' });
    await client.search({ query: 'quiet topic', mode: 'news' });
    clock.advance(3 * MINUTE);
    expect((await client.search({ query: 'quiet topic' })).cached).toBe(true);
    expect((await client.search({ query: 'quiet topic', mode: 'news' })).cached).toBe(false);
    clock.advance(3 * MINUTE);
    expect((await client.search({ query: 'quiet topic' })).cached).toBe(false);
    expect(upstream.calls).toBe(4);
  });

  it('rejects an emptyTtlMs that is not positive', () => {
    expect(() => cached({ emptyTtlMs: 0 })).toThrow(/emptyTtlMs/);
    expect(() => cached({ emptyTtlMs: Number.NaN })).toThrow(/emptyTtlMs/);
  });
});

describe('withCache: errors and stale answers', () => {
  it('never caches errors', async () => {
    const client = cached();
    upstream.failWith = 503;
    const error = await searchFailure(client.search({ query: 'flaky' }));
    expect(error.code).toBe('unavailable');
    upstream.failWith = undefined;
    const ok = await client.search({ query: 'flaky' });
    expect(ok.cached).toBe(false);
    expect(ok.results.length).toBeGreaterThan(0);
    expect(upstream.calls).toBe(2);
  });

  it('serves an expired answer, marked stale, when every provider fails', async () => {
    const client = cached();
    const original = await client.search({ query: 'bridge closures', maxResults: 4 });
    clock.advance(3 * HOUR);
    upstream.failWith = 500;
    const stale = await client.search({ query: 'bridge closures', maxResults: 4 });
    expect(upstream.calls).toBe(2); // it did try the upstream first
    expect(stale.cached).toBe(true);
    expect(stale.stale).toBe(true);
    expect(stale.ageMs).toBe(3 * HOUR);
    expect(stale.results).toEqual(original.results);
    expect(stale.attempts).toEqual([expect.objectContaining({ provider: 'upstream', outcome: 'error' })]);
  });

  it('stops serving stale answers after the stale window', async () => {
    const client = cached({ staleMs: 2 * HOUR });
    await client.search({ query: 'old news' });
    clock.advance(HOUR + 2 * HOUR + MINUTE);
    upstream.failWith = 500;
    const error = await searchFailure(client.search({ query: 'old news' }));
    expect(error.code).toBe('unavailable');
  });

  it('does not serve stale answers when staleMs is 0', async () => {
    const client = cached({ staleMs: 0 });
    await client.search({ query: 'no stale' });
    clock.advance(HOUR + MINUTE);
    upstream.failWith = 429;
    expect((await searchFailure(client.search({ query: 'no stale' }))).code).toBe('rate_limited');
  });

  it('a caller who aborts gets the abort, not a stale answer', async () => {
    const client = cached();
    await client.search({ query: 'abort me' });
    clock.advance(2 * HOUR);
    upstream.gate = new Promise(() => {});
    const controller = new AbortController();
    const pending = client.search({ query: 'abort me' }, { signal: controller.signal });
    setTimeout(() => controller.abort(new DOMException('user left', 'AbortError')), 20);
    const error = await pending.then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.name).toBe('AbortError');
  });

  it('treats a store that fails as a miss', async () => {
    const broken = new MemoryStore();
    broken.get = () => Promise.reject(new Error('disk on fire'));
    broken.getFrozen = () => Promise.reject(new Error('disk on fire'));
    broken.set = () => Promise.reject(new Error('disk on fire'));
    const client = cached({ store: broken });
    const response: SearchResponse = await client.search({ query: 'still works' });
    expect(response.cached).toBe(false);
    expect(response.results.length).toBeGreaterThan(0);
  });
});
