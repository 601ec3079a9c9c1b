import { hash } from 'node:crypto';
import { type Logger, silentLogger } from '@agent-search/core';
import type { Redis } from 'ioredis';
import type { CacheStore } from './store.ts';
import { withTimeout } from './timeout.ts';

// Forgetting a user is whole only if the answers their questions put in the cache go too: an answer is
// stored under its normalized request alone (no user in it, shared by everyone who asks the same), but it
// exists because someone asked, and it would be served for up to a day after that person was forgotten.
// So the cache keeps, per user, the keys of the answers their searches wrote, for as long as those answers
// live, and `forget` deletes them. Answers a user only read (hits on someone else's answer) are not theirs.

/** Which cached answers each user's searches wrote; deletes them when the user is forgotten. */
export interface UserAnswers {
  /** `key` was written for `userId` and lives `ttlMs` (freshness and stale window). */
  record(userId: string, key: string, ttlMs: number): Promise<void>;
  /** Deletes every answer written for `userId` from the store (every process's copy); resolves with how many. */
  forget(userId: string): Promise<number>;
  close(): Promise<void>;
}

/** A user id as the index names it: hashed, so any id has one short, printable form. */
function userKey(userId: string): string {
  return `user:${hash('sha256', userId, 'base64url')}`;
}

/** The most user-answer pairs the in-process index keeps; past it the oldest answer is deleted, not left untracked. */
const MAX_TRACKED = 10_000;

/**
 * The index for a cache in one process (a `MemoryStore`). Bounded: when full, the oldest recorded answer is
 * deleted from the store with its record, so no answer a user's search wrote outlives what the index knows.
 */
export class MemoryUserAnswers implements UserAnswers {
  readonly #store: CacheStore;
  readonly #now: () => number;
  /** user → key → when the answer expires; a Map keeps insertion order, oldest first. */
  readonly #byUser = new Map<string, Map<string, number>>();
  /** Every (user, key) pair, oldest first, for the bound. */
  readonly #order = new Map<string, { user: string; key: string }>();

  constructor(store: CacheStore, options: { now?: () => number } = {}) {
    this.#store = store;
    this.#now = options.now ?? Date.now;
  }

  async record(userId: string, key: string, ttlMs: number): Promise<void> {
    const user = userKey(userId);
    const keys = this.#byUser.get(user) ?? new Map<string, number>();
    this.#byUser.set(user, keys);
    const now = this.#now();
    for (const [k, expires] of keys) if (expires <= now) this.#untrack(user, k);
    keys.set(key, now + ttlMs);
    const pair = `${user} ${key}`;
    this.#order.delete(pair);
    this.#order.set(pair, { user, key });
    while (this.#order.size > MAX_TRACKED) {
      const oldest = this.#order.values().next().value!;
      this.#untrack(oldest.user, oldest.key);
      await this.#store.delete(oldest.key);
    }
  }

  async forget(userId: string): Promise<number> {
    const user = userKey(userId);
    const keys = [...(this.#byUser.get(user)?.keys() ?? [])];
    for (const key of keys) {
      this.#untrack(user, key);
      await this.#store.delete(key);
    }
    return keys.length;
  }

  #untrack(user: string, key: string): void {
    const keys = this.#byUser.get(user);
    keys?.delete(key);
    if (keys?.size === 0) this.#byUser.delete(user);
    this.#order.delete(`${user} ${key}`);
  }

  async close(): Promise<void> {}
}

// Adds a key to a user's set, whose life is at least that of its longest-lived answer.
const RECORD = `redis.call('sadd', KEYS[1], ARGV[1])
if redis.call('pttl', KEYS[1]) < tonumber(ARGV[2]) then redis.call('pexpire', KEYS[1], ARGV[2]) end
return 1`;

// Deletes a user's answers and their set at once, and tells every process to drop its local copies.
// pcall: a Redis user not allowed to publish still forgets; other processes' copies then expire on their own.
const FORGET = `local keys = redis.call('smembers', KEYS[1])
for _, key in ipairs(keys) do redis.call('del', ARGV[1] .. key) end
redis.call('del', KEYS[1])
if #keys > 0 then redis.pcall('publish', ARGV[1] .. 'forgotten', cjson.encode(keys)) end
return keys`;

export interface RedisUserAnswersOptions {
  /** The cache's Redis connection (its `RedisStore.client`). */
  client: Redis;
  /** This process's copy of the answers (the front of a `TieredStore`): dropped when any process forgets. */
  front?: CacheStore;
  /**
   * Hear of users other processes forget, to drop this process's copies of their answers (a subscription
   * on a second connection). Default true; false for a process that makes one search and exits (the CLI),
   * whose copies end with it.
   */
  listen?: boolean;
  /** The cache's key prefix. Default "agent-search:cache:". */
  keyPrefix?: string;
  /** Longest a call may take, in ms. Default 2000. */
  timeoutMs?: number;
  /**
   * Whether Redis answers (the cache store's own judgement, `RedisStore.available !== false`). While it
   * does not, answers are written to `front` only, and recorded there: a search never waits on a Redis it
   * knows is down. Default: always.
   */
  available?: () => boolean;
  logger?: Logger;
}

/** Longest list of keys a forget notice may carry to be read: a notice is ours, but Redis is shared. */
const MAX_NOTICE_KEYS = 100_000;

/**
 * The index for a cache shared through Redis: a set of keys per user, on the same Redis as the answers.
 * `forget` deletes the answers in Redis and publishes their keys, and every process with a local copy
 * (`front`) drops it: it subscribes, on a second connection, for as long as it is open. Failures reject:
 * a forget that could not run must not look done.
 */
export class RedisUserAnswers implements UserAnswers {
  readonly #client: Redis;
  readonly #prefix: string;
  readonly #timeoutMs: number;
  readonly #logger: Logger;
  readonly #subscriber: Redis | undefined;
  readonly #front: CacheStore | undefined;
  /** Answers written while Redis was down, which only `front` holds. */
  readonly #local: MemoryUserAnswers | undefined;
  readonly #available: () => boolean;

  constructor(options: RedisUserAnswersOptions) {
    this.#client = options.client;
    this.#available = options.available ?? (() => true);
    this.#local = options.front ? new MemoryUserAnswers(options.front) : undefined;
    this.#prefix = options.keyPrefix ?? 'agent-search:cache:';
    this.#timeoutMs = options.timeoutMs ?? 2_000;
    this.#logger = options.logger ?? silentLogger;
    const front = options.front;
    this.#front = front;
    if (front && options.listen !== false) {
      const channel = `${this.#prefix}forgotten`;
      // Its own connection: a subscribed connection can run nothing else. Errors are the main
      // connection's to report (the same server); a lost subscription only delays forgetting here.
      const subscriber = this.#client.duplicate();
      subscriber.on('error', () => {});
      subscriber.on('message', (from: string, message: string) => {
        if (from !== channel) return;
        void this.#dropLocal(front, message);
      });
      // On every connection (commands do not queue while offline). A notice sent while this connection was
      // down is missed: the copies it named then live out their time here (fresh for an hour by default, kept
      // for stale-on-error a day).
      subscriber.on('ready', () => {
        subscriber.subscribe(channel).catch((error: unknown) => {
          this.#logger.warn(
            { error: error instanceof Error ? error.message : String(error) },
            'search cache: cannot hear of forgotten users; local copies of their answers expire on their own',
          );
        });
      });
      this.#subscriber = subscriber;
    }
  }

  async #dropLocal(front: CacheStore, message: string): Promise<void> {
    let keys: unknown;
    try {
      keys = JSON.parse(message);
    } catch {
      return;
    }
    if (!Array.isArray(keys) || keys.length > MAX_NOTICE_KEYS) return;
    for (const key of keys) if (typeof key === 'string') await front.delete(key);
  }

  /** Runs a script once the connection is up (commands do not queue while offline), within the timeout. */
  async #eval(script: string, keys: string[], args: string[]): Promise<unknown> {
    const client = this.#client;
    const run = async () => {
      if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve));
      return client.eval(script, keys.length, ...keys, ...args);
    };
    return withTimeout(run(), this.#timeoutMs, `Redis did not answer within ${this.#timeoutMs} ms`);
  }

  async record(userId: string, key: string, ttlMs: number): Promise<void> {
    // Redis down (or not connected): the write reached this process's copy alone, recorded here.
    if (this.#local && (this.#client.status !== 'ready' || !this.#available())) {
      return this.#local.record(userId, key, ttlMs);
    }
    await this.#eval(RECORD, [this.#prefix + userKey(userId)], [key, String(Math.ceil(ttlMs))]);
  }

  async forget(userId: string): Promise<number> {
    await this.#local?.forget(userId);
    const keys = (await this.#eval(FORGET, [this.#prefix + userKey(userId)], [this.#prefix])) as string[];
    // This process's copies go now, not when the notice comes back.
    if (this.#front) for (const key of keys) await this.#front.delete(key);
    return keys.length;
  }

  async close(): Promise<void> {
    if (!this.#subscriber) return;
    this.#subscriber.disconnect();
  }
}
