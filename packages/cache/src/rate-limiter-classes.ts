import { createRequire } from 'node:module';
import type * as Flexible from 'rate-limiter-flexible';

// rate-limiter-flexible's index requires every limiter it ships (Mongo, Postgres, Dynamo, etcd, ...: about
// 45 modules, a large part of a CLI search's start-up). These are the classes we use, loaded from the files
// the index itself re-exports, so they are the same classes (`instanceof` holds) at a fraction of the cost.
const require = createRequire(import.meta.url);
const load = <T>(file: string): T => require(`rate-limiter-flexible/lib/${file}`) as T;

export const RateLimiterMemory = load<typeof Flexible.RateLimiterMemory>('RateLimiterMemory.js');
export const RateLimiterQueue = load<typeof Flexible.RateLimiterQueue>('RateLimiterQueue.js');
export type RateLimiterQueue = Flexible.RateLimiterQueue;
export const RateLimiterQueueError = load<typeof Flexible.RateLimiterQueueError>(
  'component/RateLimiterQueueError.js',
);
export const RateLimiterRes = load<typeof Flexible.RateLimiterRes>('RateLimiterRes.js');
/** The Redis limiter, loaded when a limit is kept in Redis. */
export const loadRateLimiterRedis = () => load<typeof Flexible.RateLimiterRedis>('RateLimiterRedis.js');
