import {
  type ChainStateStore,
  type Env,
  type Logger,
  readInteger,
  readNumber,
  readUrl,
  type SearchClient,
  type SpendStore,
  silentLogger,
} from '@agent-search/core';
import { DEFAULT_EMPTY_TTL_MS, DEFAULT_REFRESH_WAIT_MS, DEFAULT_TTL_MS } from './answer-cache.ts';
import type { CacheKind } from './cache-key.ts';
import { MemoryStore } from './memory-store.ts';
import { SearchRateLimits } from './rate-limits.ts';
import { createRedisChainState } from './redis-chain-state.ts';
import { createRedisSpendStore } from './redis-spend-store.ts';
import { RedisStore } from './redis-store.ts';
import type { CacheStore } from './store.ts';
import { TieredStore } from './tiered-store.ts';
import { type CacheOptions, withCache } from './with-cache.ts';

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
  /**
   * With REDIS_URL: the chain state the fleet shares on the same Redis (breakers, Retry-After waits, the
   * hedge budget). Pass it to the client as `sharedState: { store: cache.chainState }`.
   */
  readonly chainState?: ChainStateStore;
  /**
   * With REDIS_URL: where the fleet counts its spend on the same Redis (SEARCH_BUDGET_USD). Pass it to
   * `loadSearchConfig` as `spendStore`.
   */
  readonly spendStore?: SpendStore;
  wrap(client: SearchClient): SearchClient;
  close(): Promise<void>;
}

const YEAR_S = 365 * 86_400;

/**
 * Builds the cache the environment describes: REDIS_URL → memory in front of Redis (limits shared through
 * Redis too), otherwise memory only. See docs/cache.md for every variable.
 */
export function createCacheFromEnv(env: Env, options: CacheFromEnvOptions = {}): SearchCache {
  const logger = options.logger ?? silentLogger;
  // TTLs are seconds, fractions allowed (tests use milliseconds' worth), at most a year.
  const ttl = { min: 0.001, max: YEAR_S };
  const defaultTtlMs = readNumber(env, 'SEARCH_CACHE_TTL', ttl, DEFAULT_TTL_MS.default / 1000) * 1000;
  const staleMs = readNumber(env, 'SEARCH_CACHE_STALE_TTL', { ...ttl, min: 0 }, 86_400) * 1000;
  const emptyTtlMs = readNumber(env, 'SEARCH_CACHE_EMPTY_TTL', ttl, DEFAULT_EMPTY_TTL_MS / 1000) * 1000;
  const refreshWaitMs = readInteger(
    env,
    'SEARCH_CACHE_REFRESH_WAIT_MS',
    { min: 0, max: 60_000 },
    DEFAULT_REFRESH_WAIT_MS,
  );
  // WEB_SEARCH_RATE_LIMIT is the companion platform's name for the same limit; SEARCH_RATE_LIMIT wins.
  const perUserVariable =
    !env.SEARCH_RATE_LIMIT?.trim() && env.WEB_SEARCH_RATE_LIMIT?.trim()
      ? 'WEB_SEARCH_RATE_LIMIT'
      : 'SEARCH_RATE_LIMIT';
  const perUser = readInteger(env, perUserVariable, { min: 0, max: 1_000_000 }, 10);
  const global = readInteger(env, 'SEARCH_GLOBAL_RATE_LIMIT', { min: 0, max: 1_000_000 }, 0);
  const maxWaitMs = readInteger(env, 'SEARCH_GLOBAL_MAX_WAIT_MS', { min: 0, max: 60_000 }, 3_000);
  const maxQueueLength = readInteger(env, 'SEARCH_GLOBAL_MAX_QUEUE', { min: 0, max: 100_000 }, 100);

  const memory = new MemoryStore();
  const redisUrl = readUrl(env, 'REDIS_URL', ['redis:', 'rediss:']);
  const redis = redisUrl ? new RedisStore({ url: redisUrl.href, logger }) : undefined;
  const store: CacheStore = redis ? new TieredStore({ front: memory, back: redis }) : memory;
  const rateLimits = new SearchRateLimits({
    perUser: perUser > 0 ? { points: perUser } : false,
    global: global > 0 ? { points: global, maxWaitMs, maxQueueLength } : false,
    ...(redis ? { redis: redis.client, redisUp: () => redis.available !== false } : {}),
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
    ...(redis
      ? { chainState: createRedisChainState(redis.client), spendStore: createRedisSpendStore(redis.client) }
      : {}),
    wrap: (client) => withCache(client, cacheOptions),
    close: () => store.close(),
  };
}
