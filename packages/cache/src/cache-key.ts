import { createHash } from 'node:crypto';
import { normalizeQuery, type SearchRequest } from '@agent-search/core';

/** TTL classes (seed 004): news is short-lived, regulations change slowly, cases in between. */
export type CacheKind = 'news' | 'regulation' | 'case' | 'default';

export function cacheKind(request: SearchRequest): CacheKind {
  const profile = request.profile?.toLowerCase();
  if (profile === 'regulation' || profile === 'case') return profile;
  return request.mode === 'news' ? 'news' : 'default';
}

/**
 * The cache key of a request: everything that changes the answer, whatever the provider, and nothing
 * else. `maxResults` is left out on purpose: a bigger cached answer serves a smaller request.
 */
export function cacheKey(request: SearchRequest): string {
  const identity = [
    request.mode,
    normalizeQuery(request.query),
    request.timeRange ?? '',
    request.safeSearch,
    request.region ?? '',
    [...request.includeDomains].sort(),
    [...request.excludeDomains].sort(),
    request.profile?.toLowerCase() ?? '',
  ];
  return `search:v1:${createHash('sha256').update(JSON.stringify(identity)).digest('base64url')}`;
}
