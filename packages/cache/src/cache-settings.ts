import { type Env, readInteger, readNumber, readUrl } from '@agent-search/core';

// This module reads the cache's variables and nothing else: the start-up check (`checkSearchEnv`) reads
// them without loading the cache, its Redis client or its limiters.

/** Every variable the cache reads (docs/cache.md). */
export const CACHE_VARIABLES = [
  'REDIS_URL',
  'SEARCH_CACHE_TTL',
  'SEARCH_CACHE_STALE_TTL',
  'SEARCH_CACHE_EMPTY_TTL',
  'SEARCH_CACHE_REFRESH_WAIT_MS',
  'SEARCH_RATE_LIMIT',
  'WEB_SEARCH_RATE_LIMIT',
  'SEARCH_GLOBAL_RATE_LIMIT',
  'SEARCH_GLOBAL_MAX_WAIT_MS',
  'SEARCH_GLOBAL_MAX_QUEUE',
] as const;

/** What the cache's variables say, each checked against its bounds. */
export interface CacheSettings {
  /** Unset: the kind's default. */
  defaultTtlMs: number | undefined;
  staleMs: number;
  emptyTtlMs: number | undefined;
  refreshWaitMs: number | undefined;
  /** Searches a minute per user; 0 is no limit. */
  perUser: number;
  /** Searches a minute for the process (or the fleet, with Redis); 0 is no limit. */
  global: number;
  maxWaitMs: number;
  maxQueueLength: number;
  redisUrl: URL | undefined;
}

const YEAR_S = 365 * 86_400;

/** Reads the cache's variables; a malformed one is a `SearchConfigError` naming it, its value and what it may be. */
export function readCacheSettings(env: Env): CacheSettings {
  // TTLs are seconds, fractions allowed (tests use milliseconds' worth), at most a year.
  const ttl = { min: 0.001, max: YEAR_S };
  const seconds = (name: string, bounds = ttl) => {
    const value = readNumber(env, name, bounds);
    return value === undefined ? undefined : value * 1000;
  };
  // WEB_SEARCH_RATE_LIMIT is the companion platform's name for the same limit; SEARCH_RATE_LIMIT wins.
  const perUserVariable =
    !env.SEARCH_RATE_LIMIT?.trim() && env.WEB_SEARCH_RATE_LIMIT?.trim()
      ? 'WEB_SEARCH_RATE_LIMIT'
      : 'SEARCH_RATE_LIMIT';
  return {
    defaultTtlMs: seconds('SEARCH_CACHE_TTL'),
    staleMs: seconds('SEARCH_CACHE_STALE_TTL', { ...ttl, min: 0 }) ?? 86_400_000,
    emptyTtlMs: seconds('SEARCH_CACHE_EMPTY_TTL'),
    refreshWaitMs: readInteger(env, 'SEARCH_CACHE_REFRESH_WAIT_MS', { min: 0, max: 60_000 }),
    perUser: readInteger(env, perUserVariable, { min: 0, max: 1_000_000 }, 10),
    global: readInteger(env, 'SEARCH_GLOBAL_RATE_LIMIT', { min: 0, max: 1_000_000 }, 0),
    maxWaitMs: readInteger(env, 'SEARCH_GLOBAL_MAX_WAIT_MS', { min: 0, max: 60_000 }, 3_000),
    maxQueueLength: readInteger(env, 'SEARCH_GLOBAL_MAX_QUEUE', { min: 0, max: 100_000 }, 100),
    redisUrl: readUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
  };
}
