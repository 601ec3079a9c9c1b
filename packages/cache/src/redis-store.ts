import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { type Logger, silentLogger } from '@agent-search/core';
import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import {
  type CacheStore,
  checkTtl,
  type SharedStore,
  type StoredValue,
  type TtlAwareStore,
  toJson,
} from './store.ts';
import { withTimeout } from './timeout.ts';

export interface RedisClientOptions {
  /** Bound on every command (ioredis `commandTimeout`). Default 500 ms. */
  timeoutMs?: number;
  /** Bound on opening the connection. Default 1000 ms. */
  connectTimeoutMs?: number;
}

/**
 * An ioredis client that never makes a search wait for Redis: no offline queue (commands fail at once
 * while disconnected), short connect and command timeouts, and endless background reconnects.
 */
export function createRedisClient(url: string, options: RedisClientOptions = {}): Redis {
  // Loaded here, not at import: a process without REDIS_URL never pays for ioredis (CLI start-up).
  // The require made here too: a Worker (no `import.meta.url`, no TCP) imports this module but never calls it.
  const ioredis = createRequire(import.meta.url)('ioredis') as typeof IORedis;
  return new ioredis.Redis(url, {
    enableOfflineQueue: false,
    connectTimeout: options.connectTimeoutMs ?? 1_000,
    commandTimeout: options.timeoutMs ?? 500,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
}

export interface RedisStoreOptions extends RedisClientOptions {
  /** `redis://` or `rediss://` URL; the store creates (and closes) its own client. */
  url?: string;
  /**
   * An existing ioredis client instead of `url`, e.g. one shared with other code; `close()` leaves it
   * open. Create it with `createRedisClient` or equivalent options so commands cannot queue while offline.
   */
  client?: Redis;
  /** Prepended to every key. Default "agent-search:cache:". */
  keyPrefix?: string;
  /** Told once when Redis becomes unreachable and once when it is back. */
  logger?: Logger;
}

function describe(error: unknown): string {
  if (error && typeof error === 'object') {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (typeof code === 'string') return code;
    if (typeof message === 'string') return message.slice(0, 120);
  }
  return String(error);
}

// Deletes the lease only if it is still ours: a lease that expired and was taken by another is theirs.
const RELEASE_LEASE =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

/** While Redis is down, how often a background PING checks whether it answers again. */
const PROBE_EVERY_MS = 1_000;

/**
 * A store on Redis: JSON values under a key prefix, TTLs kept by the server (`SET ... PX`). Every call is
 * bounded by `timeoutMs`. A breaker keeps an outage off the searches: after a failure or a timeout (a
 * server that accepts connections but never answers) calls fail at once without touching Redis, while a
 * background PING once a second finds out when it answers again. The logger hears about an outage once,
 * not once per request.
 */
export class RedisStore implements CacheStore, TtlAwareStore, SharedStore {
  readonly client: Redis;
  // Shared by every process on this Redis: what it hands back is checked, as anyone with access may write.
  readonly capabilities = { shared: true, reportsTtl: true } as const;
  readonly #owned: boolean;
  readonly #prefix: string;
  readonly #timeoutMs: number;
  readonly #connectTimeoutMs: number;
  readonly #logger: Logger;
  /** Where Redis is, for logs: host and port only, never the URL (it may hold a password). */
  readonly #where: string;
  readonly #firstConnection: Promise<void>;
  #available: boolean | undefined;
  #closed = false;
  #nextProbeAt = 0;
  #probing = false;

  constructor(options: RedisStoreOptions) {
    if (!options.client && !options.url) throw new TypeError('RedisStore needs a `url` or a `client`');
    this.#timeoutMs = options.timeoutMs ?? 500;
    this.#connectTimeoutMs = options.connectTimeoutMs ?? 1_000;
    this.#owned = !options.client;
    this.client = options.client ?? createRedisClient(options.url!, options);
    this.#prefix = options.keyPrefix ?? 'agent-search:cache:';
    this.#logger = options.logger ?? silentLogger;
    this.#where = `${this.client.options.host ?? 'localhost'}:${this.client.options.port ?? 6379}`;
    this.client.on('ready', this.#onReady);
    this.client.on('error', this.#onError);
    this.#available = this.client.status === 'ready' ? true : undefined;
    this.#firstConnection = new Promise<void>((resolve) => {
      this.client.once('ready', () => resolve());
      this.client.once('error', () => resolve());
    });
  }

  readonly #onReady = () => this.#markUp();
  readonly #onError = (error: unknown) => this.#markDown(error);

  #markUp(): void {
    if (this.#available === false) {
      this.#logger.info({ redis: this.#where }, 'Redis cache is reachable again');
    }
    this.#available = true;
  }

  #markDown(error: unknown): void {
    if (this.#available === false || this.#closed) return;
    this.#available = false;
    this.#nextProbeAt = Date.now() + PROBE_EVERY_MS;
    this.#logger.warn(
      { redis: this.#where, error: describe(error) },
      'Redis cache is unreachable; searches go on with the in-memory cache until it is back',
    );
  }

  /** True while Redis answers, false after a failure, undefined before the first connection. */
  get available(): boolean | undefined {
    return this.#available;
  }

  /** At most one PING at a time, once a second: the breaker closes when Redis answers it. */
  #probe(): void {
    if (this.#probing || this.#closed || Date.now() < this.#nextProbeAt) return;
    this.#probing = true;
    this.#nextProbeAt = Date.now() + PROBE_EVERY_MS;
    withTimeout(this.client.ping(), this.#timeoutMs, 'probe timeout')
      .then(
        () => this.#markUp(),
        () => {},
      )
      .finally(() => {
        this.#probing = false;
      });
  }

  async #run<T>(command: (client: Redis) => Promise<T>): Promise<T> {
    if (this.#closed) throw new Error('RedisStore is closed');
    // Only the very first call waits for the connection; a server that accepts it but never gets ready
    // (or never answers) is down from then on.
    if (this.#available === undefined && this.client.status !== 'ready') {
      const ready = await withTimeout(this.#firstConnection, this.#connectTimeoutMs, 'connect timeout').then(
        () => this.client.status === 'ready',
        () => false,
      );
      if (!ready) this.#markDown(new Error(`not ready within ${this.#connectTimeoutMs} ms`));
    }
    if (this.#available === false) {
      this.#probe();
      throw new Error('Redis cache unavailable (skipped: it did not answer recently)');
    }
    try {
      const result = await withTimeout(
        command(this.client),
        this.#timeoutMs,
        `Redis did not answer within ${this.#timeoutMs} ms`,
      );
      this.#markUp();
      return result;
    } catch (error) {
      this.#markDown(error);
      throw new Error(`Redis cache unavailable (${describe(error)})`, { cause: error });
    }
  }

  #parse<T>(json: string | null): T | undefined {
    if (json === null) return undefined;
    try {
      return JSON.parse(json) as T;
    } catch {
      return undefined; // not ours (or corrupted): a miss, not a failure
    }
  }

  async get<T = unknown>(key: string): Promise<T | undefined> {
    return this.#parse<T>(await this.#run((c) => c.get(this.#prefix + key)));
  }

  async getWithTtl<T = unknown>(key: string): Promise<StoredValue<T> | undefined> {
    const k = this.#prefix + key;
    const [json, ttlMs] = await this.#run(async (c) => {
      const [getReply, ttlReply] = (await c.pipeline().get(k).pttl(k).exec()) ?? [];
      // A pipeline resolves even when its commands fail; their errors come back inside the replies.
      const error = getReply?.[0] ?? ttlReply?.[0];
      if (error || !getReply || !ttlReply) throw error ?? new Error('Redis returned no reply');
      return [getReply[1] as string | null, ttlReply[1] as number] as const;
    });
    const value = this.#parse<T>(json);
    if (value === undefined || ttlMs <= 0) return undefined;
    return { value, ttlMs };
  }

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    const json = toJson(value);
    const px = checkTtl(ttlMs);
    await this.#run((c) => c.set(this.#prefix + key, json, 'PX', px));
  }

  async delete(key: string): Promise<void> {
    await this.#run((c) => c.del(this.#prefix + key));
  }

  /** Redis is the shared tier itself. */
  getShared<T = unknown>(key: string): Promise<T | undefined> {
    return this.get<T>(key);
  }

  async acquireLease(key: string, ttlMs: number): Promise<string | undefined> {
    const token = randomUUID();
    const reply = await this.#run((c) =>
      c.set(`${this.#prefix}lease:${key}`, token, 'PX', checkTtl(ttlMs), 'NX'),
    );
    return reply === 'OK' ? token : undefined;
  }

  async releaseLease(key: string, token: string): Promise<void> {
    await this.#run((c) => c.eval(RELEASE_LEASE, 1, `${this.#prefix}lease:${key}`, token));
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.client.off('ready', this.#onReady);
    if (!this.#owned) {
      this.client.off('error', this.#onError);
      return;
    }
    // Our error listener stays until the socket is gone, so ioredis never reports an unhandled error.
    if (this.client.status === 'ready') {
      await withTimeout(this.client.quit(), this.#timeoutMs, 'quit timeout').catch(() => {});
    }
    this.client.disconnect();
  }
}
