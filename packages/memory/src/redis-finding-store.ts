import { createHash } from 'node:crypto';
import { type Logger, silentLogger } from '@agent-search/core';
import { Redis } from 'ioredis';
import type { Finding } from './finding.ts';
import type { FindingStore, Retention } from './finding-store.ts';

export interface RedisFindingStoreOptions {
  /** `redis://` or `rediss://` URL; the store creates (and closes) its own client. */
  url?: string;
  /** An existing ioredis client instead of `url`; `close()` leaves it open. */
  client?: Redis;
  /** Prepended to every key. Default "agent-search:memory:". */
  keyPrefix?: string;
  /** Bound on every call. Default 1000 ms. */
  timeoutMs?: number;
  /** Told once when Redis becomes unreachable (a store's own client only). */
  logger?: Logger;
}

// Stored findings are small; anything bigger was not written by this package.
const MAX_VALUE_BYTES = 64 * 1024;
const NAMESPACE = /^(shared|bot:[\w.-]{1,64})$/;
const CHUNK = 1_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer ${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Findings on Redis, so bots in other processes recall them: each finding is a JSON value that expires
 * with the retention age, each namespace a sorted set of ids by learning time with a version counter,
 * each user a set of the findings they triggered (keyed by a hash of the user id).
 */
export class RedisFindingStore implements FindingStore {
  readonly client: Redis;
  readonly #owned: boolean;
  readonly #prefix: string;
  readonly #timeoutMs: number;

  constructor(options: RedisFindingStoreOptions) {
    if (!options.client && !options.url) throw new TypeError('RedisFindingStore needs a url or a client');
    this.#owned = !options.client;
    this.client =
      options.client ??
      new Redis(options.url!, {
        connectTimeout: 1_000,
        maxRetriesPerRequest: 1,
        retryStrategy: (times) => Math.min(times * 200, 2_000),
      });
    if (this.#owned) {
      // Without a listener ioredis prints every failed reconnect; one warning per outage is enough.
      const logger = options.logger ?? silentLogger;
      let down = false;
      this.client.on('error', (error: { code?: unknown }) => {
        if (down) return;
        down = true;
        logger.warn(
          { code: typeof error?.code === 'string' ? error.code : 'error' },
          'search memory: Redis unreachable',
        );
      });
      this.client.on('ready', () => {
        down = false;
      });
    }
    this.#prefix = options.keyPrefix ?? 'agent-search:memory:';
    this.#timeoutMs = options.timeoutMs ?? 1_000;
  }

  #finding = (id: string) => `${this.#prefix}f:${id}`;
  #index = (namespace: string) => `${this.#prefix}ns:${namespace}`;
  #version = (namespace: string) => `${this.#prefix}v:${namespace}`;
  #user = (userId: string) => `${this.#prefix}u:${createHash('sha256').update(userId).digest('base64url')}`;

  async add(namespace: string, finding: Finding, retention: Retention, now: number): Promise<void> {
    const learnedAt = Date.parse(finding.learnedAt);
    const tx = this.client
      .multi()
      .set(this.#finding(finding.id), JSON.stringify(finding), 'PX', retention.maxAgeMs)
      .zadd(this.#index(namespace), learnedAt, finding.id);
    if (finding.userId !== undefined) {
      tx.sadd(this.#user(finding.userId), `${namespace}|${finding.id}`).pexpire(
        this.#user(finding.userId),
        retention.maxAgeMs,
      );
    }
    await withTimeout(tx.incr(this.#version(namespace)).exec(), this.#timeoutMs, 'storing a finding');
    await withTimeout(this.#trim(namespace, retention, now), this.#timeoutMs, 'trimming findings');
  }

  async #trim(namespace: string, retention: Retention, now: number): Promise<void> {
    const index = this.#index(namespace);
    const expired = await this.client.zrangebyscore(index, '-inf', `(${now - retention.maxAgeMs}`);
    const count = (await this.client.zcard(index)) - expired.length;
    const overflow =
      count > retention.maxFindings
        ? await this.client.zrange(index, expired.length, expired.length + count - retention.maxFindings - 1)
        : [];
    const gone = [...expired, ...overflow];
    if (gone.length === 0) return;
    await this.client
      .multi()
      .zrem(index, ...gone)
      .del(...gone.map(this.#finding))
      .incr(this.#version(namespace))
      .exec();
  }

  async version(namespaces: readonly string[]): Promise<string> {
    const values = await withTimeout(
      this.client.mget(...namespaces.map(this.#version)),
      this.#timeoutMs,
      'a version read',
    );
    return values.map((v) => v ?? '0').join(':');
  }

  async ids(namespace: string, limit: number): Promise<string[]> {
    return withTimeout(this.client.zrange(this.#index(namespace), -limit, -1), this.#timeoutMs, 'an id read');
  }

  async get(ids: readonly string[]): Promise<unknown[]> {
    const values: unknown[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      if (chunk.length === 0) continue;
      const raw = await withTimeout(this.client.mget(...chunk.map(this.#finding)), this.#timeoutMs, 'a read');
      for (const value of raw) values.push(parseJson(value));
    }
    return values;
  }

  async forgetUser(userId: string): Promise<number> {
    const key = this.#user(userId);
    const members = await withTimeout(this.client.smembers(key), this.#timeoutMs, 'a user read');
    const tx = this.client.multi();
    const namespaces = new Set<string>();
    let deletes = 0;
    for (const member of members) {
      const cut = member.lastIndexOf('|');
      const namespace = member.slice(0, cut);
      const id = member.slice(cut + 1);
      // Written by other processes: only well-formed entries may name keys.
      if (cut < 0 || !NAMESPACE.test(namespace) || !/^[\w-]{1,64}$/.test(id)) continue;
      tx.del(this.#finding(id)).zrem(this.#index(namespace), id);
      namespaces.add(namespace);
      deletes++;
    }
    for (const namespace of namespaces) tx.incr(this.#version(namespace));
    tx.del(key);
    const results = (await withTimeout(tx.exec(), this.#timeoutMs, 'forgetting a user')) ?? [];
    // Each finding contributed a DEL then a ZREM; count the findings that were still there.
    let removed = 0;
    for (let i = 0; i < deletes; i++) if (results[i * 2]?.[1] === 1) removed++;
    return removed;
  }

  async close(): Promise<void> {
    if (this.#owned) this.client.disconnect();
  }
}

function parseJson(value: string | null): unknown {
  if (value === null || value.length > MAX_VALUE_BYTES) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}
