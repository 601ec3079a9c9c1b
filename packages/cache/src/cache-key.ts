import { hash } from 'node:crypto';
import { normalizeQuery, type ProfileSet, type SearchProfile, type SearchRequest } from '@agent-search/core';

/** What an answer is cached as when its profile sets no lifetime of its own: news, or anything else. */
export const CACHE_KINDS = ['news', 'default'] as const;
export type CacheKind = (typeof CACHE_KINDS)[number];

function profileOf(request: SearchRequest, profiles: ProfileSet | undefined): SearchProfile | undefined {
  return request.profile && profiles && Object.hasOwn(profiles, request.profile)
    ? profiles[request.profile]
    : undefined;
}

/** A request's kind: `news` for a news search or a news-mode profile, `default` otherwise. */
export function cacheKind(request: SearchRequest, profiles?: ProfileSet): CacheKind {
  return request.mode === 'news' || profileOf(request, profiles)?.mode === 'news' ? 'news' : 'default';
}

/**
 * How long a request's answer stays fresh, in ms: its profile's own `ttlSeconds` when it has one, else
 * `ttlMs` of its kind. `profiles` must be those of the client that answers the request (`client.profiles`),
 * so profiles registered by a package or from `SEARCH_PROFILES` count.
 */
export function cacheTtlMs(
  request: SearchRequest,
  profiles: ProfileSet | undefined,
  ttlMs: Readonly<Record<CacheKind, number>>,
): number {
  const own = profileOf(request, profiles)?.ttlSeconds;
  return own === undefined ? ttlMs[cacheKind(request, profiles)] : own * 1000;
}

// Keys of recent requests by what they hash: a hit repeats a recent request, and the hash is a third of the
// key's cost. Bounded: at most 1,000, of short requests only (a typical one is under 100 characters).
const RECENT_KEYS = 1_000;
const MEMO_MAX_CHARS = 512;
const recentKeys = new Map<string, string>();

/**
 * The cache key of a request: everything that changes the answer, whatever the provider (unless the search
 * names its providers), and nothing else. `maxResults` is left out on purpose: a bigger cached answer serves a smaller request.
 */
export function cacheKey(request: SearchRequest, providers?: readonly string[]): string {
  const identity = [
    request.mode,
    normalizeQuery(request.query),
    request.timeRange ?? '',
    request.safeSearch,
    request.region ?? '',
    [...request.includeDomains].sort(),
    [...request.excludeDomains].sort(),
    // As given: core resolves profile names exactly, so "News" must not be served "news"'s answer.
    request.profile ?? '',
    // Only when set, so keys of requests without it stay what they were.
    ...(request.includeContent ? ['content'] : []),
    // A search restricted to some providers (in an order) is its own answer.
    ...(providers ? [['providers', ...providers]] : []),
  ];
  const text = JSON.stringify(identity);
  let key = recentKeys.get(text);
  if (key === undefined) {
    key = `search:v1:${hash('sha256', text, 'base64url')}`;
    if (text.length <= MEMO_MAX_CHARS) {
      // The oldest goes first: a bounded memo, not a record of every query ever asked.
      if (recentKeys.size >= RECENT_KEYS) recentKeys.delete(recentKeys.keys().next().value as string);
      recentKeys.set(text, key);
    }
  }
  return key;
}
