// rate-limiter-flexible's index requires every limiter it ships (Mongo, Postgres, Dynamo, etcd, ...: about
// 45 modules, a large part of a CLI search's start-up). These are the classes we use, imported from the files
// the index itself re-exports, so they are the same classes (`instanceof` holds) at a fraction of the cost.
// Static imports, not a require made from `import.meta.url`: a bundler follows them, and a Worker (where
// `import.meta.url` is undefined) loads the cache. The files ship no types of their own: the index's apply.

import { createRequire } from 'node:module';
import type * as Flexible from 'rate-limiter-flexible';
// @ts-expect-error: no declaration file for the limiter's own file
import queueError from 'rate-limiter-flexible/lib/component/RateLimiterQueueError.js';
// @ts-expect-error: no declaration file for the limiter's own file
import memory from 'rate-limiter-flexible/lib/RateLimiterMemory.js';
// @ts-expect-error: no declaration file for the limiter's own file
import queue from 'rate-limiter-flexible/lib/RateLimiterQueue.js';
// @ts-expect-error: no declaration file for the limiter's own file
import res from 'rate-limiter-flexible/lib/RateLimiterRes.js';

export const RateLimiterMemory = memory as typeof Flexible.RateLimiterMemory;
export const RateLimiterQueue = queue as typeof Flexible.RateLimiterQueue;
export type RateLimiterQueue = Flexible.RateLimiterQueue;
export const RateLimiterQueueError = queueError as typeof Flexible.RateLimiterQueueError;
export const RateLimiterRes = res as typeof Flexible.RateLimiterRes;
/** The Redis limiter, loaded when a limit is kept in Redis (a Node process: ioredis needs TCP). */
export const loadRateLimiterRedis = () =>
  createRequire(import.meta.url)(
    'rate-limiter-flexible/lib/RateLimiterRedis.js',
  ) as typeof Flexible.RateLimiterRedis;
