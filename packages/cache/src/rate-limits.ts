import { type Logger, SearchError, silentLogger } from '@agent-search/core';
import type { Redis } from 'ioredis';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import {
  loadRateLimiterRedis,
  RateLimiterMemory,
  RateLimiterQueue,
  RateLimiterQueueError,
  RateLimiterRes,
} from './rate-limiter-classes.ts';

export interface UserRateLimitOptions {
  /** Searches one user may send upstream per window. */
  points: number;
  /** Window length in seconds. Default 60. */
  durationSeconds?: number;
}

export interface GlobalRateLimitOptions {
  /** Upstream searches per window for the whole service (all workers, when Redis is used). */
  points: number;
  /** Window length in seconds. Default 60. */
  durationSeconds?: number;
  /** Longest a request waits in the queue for its turn. Default 3000 ms. */
  maxWaitMs?: number;
  /** Most requests waiting at once; more are turned away at once. Default 100. */
  maxQueueLength?: number;
}

export interface RateLimitOptions {
  /** Per `userId` (search option, `""` included); requests without one are not limited per user. Default 10 per minute; false turns it off. */
  perUser?: UserRateLimitOptions | false;
  /** Off unless given. */
  global?: GlobalRateLimitOptions | false;
  /** Keep the counters in Redis so limits hold across processes; memory limits stand in while Redis is down. */
  redis?: Redis;
  /**
   * Whether Redis answers now (a `RedisStore`'s `available !== false`). While false the memory limits stand
   * in without asking Redis, so a Redis that stopped answering costs no command timeout per search.
   */
  redisUp?: () => boolean;
  /** Prefix of the limiter keys (in Redis). Default "agent-search:limit". */
  keyPrefix?: string;
  logger?: Logger;
}

const QUEUE_KEY = 'upstream';

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** A limiter on Redis when given, and the memory one that stands in for it (the same when no Redis). */
function createLimiter(
  name: string,
  points: number,
  durationSeconds: number,
  options: RateLimitOptions,
): { limiter: RateLimiterAbstract; memory: RateLimiterAbstract } {
  const keyPrefix = `${options.keyPrefix ?? 'agent-search:limit'}:${name}`;
  const memory = new RateLimiterMemory({ keyPrefix, points, duration: durationSeconds });
  if (!options.redis) return { limiter: memory, memory };
  const RateLimiterRedis = loadRateLimiterRedis();
  const limiter = new RateLimiterRedis({
    storeClient: options.redis,
    keyPrefix,
    points,
    duration: durationSeconds,
    rejectIfRedisNotReady: true,
    insuranceLimiter: memory,
  });
  return { limiter, memory };
}

function checkPoints(points: number, what: string): void {
  if (!Number.isInteger(points) || points < 1) {
    throw new RangeError(`${what} must be a positive whole number (got ${points})`);
  }
}

/**
 * Per-user and global limits on upstream searches, on rate-limiter-flexible. The per-user limit refuses at
 * once; the global one queues requests (bounded in length and wait) until the window has room.
 */
export class SearchRateLimits {
  readonly #user: { limiter: RateLimiterAbstract; memory: RateLimiterAbstract } | undefined;
  readonly #redisUp: () => boolean;
  /** The global limit on Redis (or memory) and the memory one standing in while Redis is down, each with its queue. */
  readonly #global:
    | {
        limiter: RateLimiterAbstract;
        queue: RateLimiterQueue;
        memory: RateLimiterAbstract;
        memoryQueue: RateLimiterQueue;
      }
    | undefined;
  readonly #maxWaitMs: number;
  readonly #logger: Logger;

  constructor(options: RateLimitOptions = {}) {
    this.#logger = options.logger ?? silentLogger;
    this.#redisUp = options.redisUp ?? (() => true);
    const perUser = options.perUser === undefined ? { points: 10 } : options.perUser;
    if (perUser) {
      checkPoints(perUser.points, 'perUser.points');
      this.#user = createLimiter('user', perUser.points, perUser.durationSeconds ?? 60, options);
    }
    const global = options.global;
    this.#maxWaitMs = global ? (global.maxWaitMs ?? 3_000) : 0;
    if (global) {
      checkPoints(global.points, 'global.points');
      const { limiter, memory } = createLimiter(
        'global',
        global.points,
        global.durationSeconds ?? 60,
        options,
      );
      const queueOptions = { maxQueueSize: global.maxQueueLength ?? 100 };
      const queue = new RateLimiterQueue(limiter, queueOptions);
      this.#global = {
        limiter,
        queue,
        memory,
        memoryQueue: limiter === memory ? queue : new RateLimiterQueue(memory, queueOptions),
      };
    }
  }

  /** Counts one upstream search against `userId`; throws `rate_limited` when the user is over the limit. */
  async checkUser(userId: string | undefined): Promise<void> {
    // "" is an id like any other: only a search without one goes unlimited per user.
    if (!this.#user || userId === undefined) return;
    try {
      await (this.#redisUp() ? this.#user.limiter : this.#user.memory).consume(userId);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        const wait = seconds(rejection.msBeforeNext);
        throw new SearchError(
          'rate_limited',
          `You are searching too often; try again in ${plural(wait, 'second')}.`,
          { retryAfterMs: rejection.msBeforeNext },
        );
      }
      // The limiter's store failed: limits are a safeguard, so the search goes on.
      this.#logger.debug({ error: String(rejection) }, 'per-user rate limiter unavailable');
    }
  }

  /**
   * Waits for the global limit to allow one more upstream search. Throws `rate_limited` when the queue is
   * full or the wait would pass `maxWaitMs` (or `leftMs`, what is left of the search's deadline), and the
   * signal's reason when aborted.
   */
  acquireUpstream(signal: AbortSignal, leftMs = Number.POSITIVE_INFINITY): Promise<void> {
    const global = this.#global;
    if (!global) return Promise.resolve();
    signal.throwIfAborted();
    // While Redis is down the memory limit stands in, as for the per-user limit.
    const [limiter, queue] = this.#redisUp()
      ? [global.limiter, global.queue]
      : [global.memory, global.memoryQueue];
    const waitMs = Math.max(0, Math.min(this.#maxWaitMs, leftMs));
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const settle = (action: () => void): boolean => {
        if (settled) return false;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        action();
        return true;
      };
      const onAbort = () => settle(() => reject(signal.reason));
      const timer = setTimeout(() => {
        void this.#busyError(limiter).then((error) => settle(() => reject(error)));
      }, waitMs);
      signal.addEventListener('abort', onAbort, { once: true });
      // The queue cannot forget a request, so one that gave up hands its token back when served.
      const expiresUnixAt = Math.ceil((Date.now() + waitMs) / 1000) + 1;
      queue.removeTokens(1, QUEUE_KEY, expiresUnixAt).then(
        () => {
          if (!settle(resolve)) void limiter.reward(QUEUE_KEY, 1).catch(() => {});
        },
        (error: unknown) => {
          if (error instanceof RateLimiterQueueError) {
            void this.#busyError(limiter).then((busy) => settle(() => reject(busy)));
          } else {
            this.#logger.debug({ error: String(error) }, 'global rate limiter unavailable');
            settle(resolve);
          }
        },
      );
    });
  }

  async #busyError(limiter: RateLimiterAbstract): Promise<SearchError> {
    const state = await limiter.get(QUEUE_KEY).catch(() => null);
    const retryAfterMs = Math.max(1000, state?.msBeforeNext ?? 1000);
    return new SearchError(
      'rate_limited',
      `Search is busy right now; try again in ${plural(seconds(retryAfterMs), 'second')}.`,
      { retryAfterMs },
    );
  }
}
