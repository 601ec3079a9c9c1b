export {
  type AnswerCacheOptions,
  DEFAULT_EMPTY_TTL_MS,
  DEFAULT_REFRESH_WAIT_MS,
  DEFAULT_TTL_MS,
  withAnswerCache,
} from './answer-cache.ts';
export { CACHE_KINDS, type CacheKind, cacheKey, cacheKind, cacheTtlMs } from './cache-key.ts';
export { type CoalescedCall, Coalescing } from './coalescing.ts';
export { type CacheFromEnvOptions, createCacheFromEnv, type SearchCache } from './from-env.ts';
export { type GlobalLimitLayerOptions, withGlobalLimit } from './global-limit.ts';
export { MemoryStore, type MemoryStoreOptions } from './memory-store.ts';
export {
  DEFAULT_PAGE_TTL_MS,
  PAGE_CACHE_KIND,
  type PageCacheOptions,
  type PageReadFunction,
  pageCacheKey,
  trustedPage,
  withPageCache,
} from './page-cache.ts';
export {
  type GlobalRateLimitOptions,
  type RateLimitOptions,
  SearchRateLimits,
  type UserRateLimitOptions,
} from './rate-limits.ts';
export { createRedisChainState, type RedisChainStateOptions } from './redis-chain-state.ts';
export { createRedisSpendStore } from './redis-spend-store.ts';
export {
  createRedisClient,
  type RedisClientOptions,
  RedisStore,
  type RedisStoreOptions,
} from './redis-store.ts';
export type {
  CacheStore,
  FrozenReadStore,
  SharedStore,
  StoreCapabilities,
  StoredValue,
  TtlAwareStore,
} from './store.ts';
export { TieredStore, type TieredStoreOptions } from './tiered-store.ts';
export {
  MemoryUserAnswers,
  RedisUserAnswers,
  type RedisUserAnswersOptions,
  type UserAnswers,
} from './user-answers.ts';
export { type CacheOptions, withCache } from './with-cache.ts';
