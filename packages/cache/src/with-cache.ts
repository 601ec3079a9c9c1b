import { type SearchClient, silentLogger } from '@agent-search/core';
import { type AnswerCacheOptions, withAnswerCache } from './answer-cache.ts';
import { withGlobalLimit } from './global-limit.ts';
import { type RateLimitOptions, SearchRateLimits } from './rate-limits.ts';

export interface CacheOptions extends Omit<AnswerCacheOptions, 'admit'> {
  /** Limits on searches that reach the providers. Default: 10 per user per minute, no global limit. */
  rateLimits?: RateLimitOptions | SearchRateLimits | false;
}

/**
 * Wraps a search client with a cache, request coalescing, stale-on-error and rate limits. The result is a
 * `SearchClient` too. It is two layers (docs/architecture.md): the answer cache (`withAnswerCache`, which
 * coalesces its misses and lets the first of them pass the per-user limit) over the global limit
 * (`withGlobalLimit`) over `client`. Order: validate → cache → (join an identical search in flight) →
 * per-user limit → global limit → providers → cache.
 */
export function withCache(client: SearchClient, options: CacheOptions = {}): SearchClient {
  const { rateLimits, ...cacheOptions } = options;
  const limits =
    rateLimits === false
      ? undefined
      : rateLimits instanceof SearchRateLimits
        ? rateLimits
        : new SearchRateLimits({ logger: options.logger ?? silentLogger, ...rateLimits });
  const upstream = limits ? withGlobalLimit(client, limits, options.now ? { now: options.now } : {}) : client;
  return withAnswerCache(upstream, {
    ...cacheOptions,
    ...(limits ? { admit: ({ userId }) => limits.checkUser(userId) } : {}),
  });
}
