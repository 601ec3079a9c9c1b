import { createHash } from 'node:crypto';
import {
  normalizeQuery,
  type ProfileSet,
  type SearchRequest,
  type TtlClass,
  ttlClassOf,
} from '@agent-search/core';

/** TTL classes (seed 004): news is short-lived, regulations change slowly, cases in between. */
export type CacheKind = TtlClass;

/**
 * The TTL class of a request, as its search profile defines it (core's `ttlClassOf`). `profiles` must be
 * those of the client that answers the request, so user-defined profiles count; default: the built-ins.
 */
export function cacheKind(request: SearchRequest, profiles?: ProfileSet): CacheKind {
  return ttlClassOf({ mode: request.mode, profile: request.profile }, profiles);
}

/**
 * The cache key of a request: everything that changes the answer, whatever the provider, and nothing
 * else. `maxResults` is left out on purpose: a bigger cached answer serves a smaller request.
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
    // As given: core resolves profile names exactly, so "Regulation" must not be served "regulation"'s answer.
    request.profile ?? '',
    // Only when set, so keys of requests without it stay what they were.
    ...(request.includeContent ? ['content'] : []),
    // A search restricted to some providers gets its own entry, also only when set.
    ...(providers ? [['providers', ...providers]] : []),
  ];
  return `search:v1:${createHash('sha256').update(JSON.stringify(identity)).digest('base64url')}`;
}
