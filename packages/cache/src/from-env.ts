import {
  type Env,
  type Logger,
  type SearchClient,
  SearchConfigError,
  silentLogger,
} from '@agent-search/core';
import type { CacheKind } from './cache-key.ts';
import { MemoryStore } from './memory-store.ts';
import { SearchRateLimits } from './rate-limits.ts';
import { RedisStore } from './redis-store.ts';
import type { CacheStore } from './store.ts';
import { TieredStore } from './tiered-store.ts';
import {
  type CacheOptions,
  DEFAULT_EMPTY_TTL_MS,
  DEFAULT_REFRESH_WAIT_MS,
  DEFAULT_TTL_MS,
  withCache,
} from './with-cache.ts';

export interface CacheFromEnvOptions {
  logger?: Logger;
  /** Overrides what the environment says about TTLs. */
  ttlMs?: Partial<Record<CacheKind, number>>;
  now?: () => number;
}

/** A configured cache: wrap any number of clients with it, close it on shutdown. */
export interface SearchCache {
  readonly store: CacheStore;
  readonly rateLimits: SearchRateLimits;
  /** The options `wrap` passes to `withCache`. */
  readonly options: CacheOptions;
  wrap(client: SearchClient): SearchClient;
  close(): Promise<void>;
}

function readNumber(env: Env, name: string, fallback: number, { allowZero = false } = {}): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new SearchConfigError(
      name,
      `must be a ${allowZero ? 'non-negative' : 'positive'} number (got "${raw.slice(0, 40)}")`,
    );
  }
  return value;
}

/**
 * Builds the cache the environment describes: REDIS_URL → memory in front of Redis (limits shared through
 * Redis too), otherwise memory only. See docs/cache.md for every variable.
 */
export function createCacheFromEnv(env: Env, options: CacheFromEnvOptions = {}): SearchCache {
  const logger = options.logger ?? silentLogger;
  const defaultTtlMs = readNumber(env, 'SEARCH_CACHE_TTL', DEFAULT_TTL_MS.default / 1000) * 1000;
  const staleMs = readNumber(env, 'SEARCH_CACHE_STALE_TTL', 86_400, { allowZero: true }) * 1000;
  const emptyTtlMs = readNumber(env, 'SEARCH_CACHE_EMPTY_TTL', DEFAULT_EMPTY_TTL_MS / 1000) * 1000;
  const refreshWaitMs = readNumber(env, 'SEARCH_CACHE_REFRESH_WAIT_MS', DEFAULT_REFRESH_WAIT_MS, {
    allowZero: true,
  });
  // WEB_SEARCH_RATE_LIMIT is seed 002's name for the same limit; SEARCH_RATE_LIMIT wins when both are set.
  const perUserVariable =
    !env.SEARCH_RATE_LIMIT?.trim() && env.WEB_SEARCH_RATE_LIMIT?.trim()
      ? 'WEB_SEARCH_RATE_LIMIT'
      : 'SEARCH_RATE_LIMIT';
  const perUser = Math.floor(readNumber(env, perUserVariable, 10, { allowZero: true }));
  const global = Math.floor(readNumber(env, 'SEARCH_GLOBAL_RATE_LIMIT', 0, { allowZero: true }));
  const maxWaitMs = readNumber(env, 'SEARCH_GLOBAL_MAX_WAIT_MS', 3_000, { allowZero: true });
  const maxQueueLength = Math.floor(readNumber(env, 'SEARCH_GLOBAL_MAX_QUEUE', 100, { allowZero: true }));

  const memory = new MemoryStore();
  const redisUrl = env.REDIS_URL?.trim();
  const redis = redisUrl ? new RedisStore({ url: redisUrl, logger }) : undefined;
  const store: CacheStore = redis ? new TieredStore({ front: memory, back: redis }) : memory;
  const rateLimits = new SearchRateLimits({
    perUser: perUser > 0 ? { points: perUser } : false,
    global: global > 0 ? { points: global, maxWaitMs, maxQueueLength } : false,
    redis: redis?.client,
    logger,
  });
  const cacheOptions: CacheOptions = {
    store,
    ttlMs: { default: defaultTtlMs, ...options.ttlMs },
    staleMs,
    emptyTtlMs,
    refreshWaitMs,
    rateLimits,
    logger,
  };
  if (options.now) cacheOptions.now = options.now;
  logger.debug({ redis: Boolean(redis), perUser, global }, 'search cache configured');
  return {
    store,
    rateLimits,
    options: cacheOptions,
    wrap: (client) => withCache(client, cacheOptions),
    close: () => store.close(),
  };
}
