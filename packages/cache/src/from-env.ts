import {
  type ChainStateStore,
  type Env,
  type Logger,
  type SearchClient,
  type SpendStore,
  silentLogger,
} from '@agent-search/core';
import { DEFAULT_EMPTY_TTL_MS, DEFAULT_REFRESH_WAIT_MS, DEFAULT_TTL_MS } from './answer-cache.ts';
import type { CacheKind } from './cache-key.ts';
import { readCacheSettings } from './cache-settings.ts';
import { MemoryStore } from './memory-store.ts';
import { SearchRateLimits } from './rate-limits.ts';
import { createRedisChainState } from './redis-chain-state.ts';
import { createRedisSpendStore } from './redis-spend-store.ts';
import { RedisStore } from './redis-store.ts';
import type { CacheStore } from './store.ts';
import { TieredStore } from './tiered-store.ts';
import { MemoryUserAnswers, RedisUserAnswers, type UserAnswers } from './user-answers.ts';
import { type CacheOptions, withCache } from './with-cache.ts';

export interface CacheFromEnvOptions {
  logger?: Logger;
  /** Overrides what the environment says about TTLs. */
  ttlMs?: Partial<Record<CacheKind, number>>;
  now?: () => number;
  /**
   * With REDIS_URL: hear of users other processes forget, to drop this process's copies of their answers.
   * Default true; false for a process that makes one search and exits (the CLI).
   */
  listen?: boolean;
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
  /**
   * Deletes every answer the user's searches put in the cache, in Redis and in every process's copy;
   * resolves with how many. A search memory's `forgetUser` calls it (`alsoForget`).
   */
  forgetUser(userId: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * Builds the cache the environment describes: REDIS_URL → memory in front of Redis (limits shared through
 * Redis too), otherwise memory only. See docs/cache.md for every variable.
 */
export function createCacheFromEnv(env: Env, options: CacheFromEnvOptions = {}): SearchCache {
  const logger = options.logger ?? silentLogger;
  const settings = readCacheSettings(env);
  const { perUser, global, maxWaitMs, maxQueueLength, redisUrl } = settings;
  const defaultTtlMs = settings.defaultTtlMs ?? DEFAULT_TTL_MS.default;
  const staleMs = settings.staleMs;
  const emptyTtlMs = settings.emptyTtlMs ?? DEFAULT_EMPTY_TTL_MS;
  const refreshWaitMs = settings.refreshWaitMs ?? DEFAULT_REFRESH_WAIT_MS;

  const memory = new MemoryStore();
  const redis = redisUrl ? new RedisStore({ url: redisUrl.href, logger }) : undefined;
  const store: CacheStore = redis ? new TieredStore({ front: memory, back: redis }) : memory;
  const userAnswers: UserAnswers = redis
    ? new RedisUserAnswers({
        client: redis.client,
        front: memory,
        available: () => redis.available !== false,
        listen: options.listen !== false,
        logger,
      })
    : new MemoryUserAnswers(memory);
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
    userAnswers,
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
    forgetUser: (userId) => userAnswers.forget(userId),
    close: async () => {
      await userAnswers.close();
      await store.close();
    },
  };
}
