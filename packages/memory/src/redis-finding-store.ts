import { createHash } from 'node:crypto';
import { type Logger, silentLogger } from '@agent-search/core';
import { Redis } from 'ioredis';
import { type Finding, MAX_STORED_FINDING_CHARS } from './finding.ts';
import {
  CHANGE_LOG_LENGTH,
  type ChangeEntry,
  changesSince,
  type FindingChanges,
  type FindingStore,
  type Retention,
} from './finding-store.ts';
import type { QueryKind } from './query-kind.ts';
import { redisWithin as withTimeout } from './redis-call.ts';
import { ADD_FINDING, FINDINGS_BY_QUESTION, FORGET_USER, GET_BOUNDED } from './redis-scripts.ts';
import { RedisTraceCounts } from './redis-trace-counts.ts';
import { TrustedVersions } from './redis-versions.ts';
import { questionShape } from './same-question.ts';
import type { KindCounts, TraceField, TraceStore } from './trace-log.ts';

export { VERSION_TRUST_MS } from './redis-versions.ts';

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

// A stored finding's JSON is at most MAX_STORED_FINDING_CHARS UTF-16 units, each at most 3 bytes of UTF-8
// (a pair, 4): the bytes checked on the server, the characters again once read.
const MAX_STORED_BYTES = 3 * MAX_STORED_FINDING_CHARS;
const NAMESPACE = /^(shared|bot:[\w.-]{1,64})$/;
const CHUNK = 1_000;
/** Ids a question lookup reads per namespace, the newest: more than a recall can use. */
const QUESTION_IDS = 100;
/** A change log entry as the scripts write it: "<version> +<id>" or "<version> -<id>". */
const LOG_ENTRY = /^(\d{1,15}) ([+-])([\w-]{1,64})$/;

/**
 * Findings on Redis, so bots in other processes recall them: each finding is a JSON value that expires
 * with the retention age, each namespace a sorted set of ids by learning time with a version counter and
 * a hash naming each finding's user set and a log of its last changes, each user a set of the findings
 * they triggered (keyed by a hash of the user id). Storing and forgetting are Lua scripts: atomic against
 * each other, and each publishes the namespace it changed on `<prefix>changes`. A store that reads
 * versions subscribes to those notices on a second connection and trusts what it read until one comes
 * (at most `VERSION_TRUST_MS`), so a recall with nothing new makes no round trip. The parts: the scripts
 * (redis-scripts.ts), the versions it trusts (`TrustedVersions`), the trace counts (`RedisTraceCounts`).
 */
export class RedisFindingStore implements FindingStore, TraceStore {
  readonly client: Redis;
  readonly #owned: boolean;
  readonly #prefix: string;
  readonly #timeoutMs: number;
  readonly #versions: TrustedVersions;
  readonly #traces: RedisTraceCounts;

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
    this.#versions = new TrustedVersions(this.client, this.#prefix);
    this.#traces = new RedisTraceCounts(this.client, this.#prefix, this.#timeoutMs);
  }

  #finding = (id: string) => `${this.#prefix}f:${id}`;
  #index = (namespace: string) => `${this.#prefix}ns:${namespace}`;
  #version = (namespace: string) => `${this.#prefix}v:${namespace}`;
  #owners = (namespace: string) => `${this.#prefix}owners:${namespace}`;
  #log = (namespace: string) => `${this.#prefix}log:${namespace}`;
  #user = (userId: string) => `${this.#prefix}u:${createHash('sha256').update(userId).digest('base64url')}`;

  /** The list of ids filed under a question's key in a namespace (the key hashed: a question is long). */
  #question = (namespace: string, key: string) =>
    `${this.#prefix}q:${namespace}:${createHash('sha256').update(key).digest('base64url')}`;
  #questionFor = (namespace: string, query: string) => {
    const key = questionShape(query).key;
    return key === '' ? '' : this.#question(namespace, key);
  };
  /** Which question list each finding of a namespace is filed in, so a trim or a forget takes it out. */
  #questionOwners = (namespace: string) => `${this.#prefix}qowners:${namespace}`;

  async add(namespace: string, finding: Finding, retention: Retention, now: number): Promise<void> {
    if (!NAMESPACE.test(namespace)) throw new TypeError(`not a finding namespace: ${namespace.slice(0, 80)}`);
    const keys = [
      this.#finding(finding.id),
      this.#index(namespace),
      this.#version(namespace),
      this.#owners(namespace),
      finding.userId === undefined ? '' : this.#user(finding.userId),
      this.#log(namespace),
      this.#questionFor(namespace, finding.query),
      this.#questionOwners(namespace),
    ];
    const args = [
      this.#prefix,
      namespace,
      finding.id,
      JSON.stringify(finding),
      Date.parse(finding.learnedAt),
      Math.max(1, Math.trunc(retention.maxAgeMs)),
      Math.max(1, Math.trunc(retention.maxFindings)),
      now,
      CHANGE_LOG_LENGTH,
    ];
    try {
      await withTimeout(
        this.client.eval(ADD_FINDING, keys.length, ...keys, ...args),
        this.#timeoutMs,
        'storing a finding',
      );
    } finally {
      this.#versions.wrote(namespace);
    }
  }

  /**
   * Read from Redis (one MGET), or, while subscribed to the change notices, from the last read if no
   * notice for the namespace came since and it is under VERSION_TRUST_MS old.
   */
  versions(namespaces: readonly string[]): Promise<string[]> {
    return this.#versions.get(namespaces, async () =>
      (
        await withTimeout(
          this.client.mget(...namespaces.map(this.#version)),
          this.#timeoutMs,
          'a version read',
        )
      ).map((v) => v ?? '0'),
    );
  }

  async changes(namespace: string, since: string): Promise<FindingChanges | undefined> {
    const replies = await withTimeout(
      this.client
        .multi()
        .get(this.#version(namespace))
        .lrange(this.#log(namespace), -CHANGE_LOG_LENGTH, -1)
        .exec(),
      this.#timeoutMs,
      'a change read',
    );
    const current = Number(replies?.[0]?.[1] ?? 0);
    const lines = replies?.[1]?.[1];
    if (!Array.isArray(lines)) return undefined;
    const log: ChangeEntry[] = [];
    // Anyone with the Redis password may have written the log: a line out of shape means read the ids.
    for (const line of lines) {
      const match = typeof line === 'string' ? LOG_ENTRY.exec(line) : null;
      if (!match) return undefined;
      log.push({ version: Number(match[1]), added: match[2] === '+', id: match[3]! });
    }
    return changesSince(log, Number(since), current);
  }

  async ids(namespace: string, limit: number): Promise<string[]> {
    return withTimeout(this.client.zrange(this.#index(namespace), -limit, -1), this.#timeoutMs, 'an id read');
  }

  async byQuestion(namespaces: readonly string[], key: string): Promise<unknown[]> {
    if (key === '') return [];
    for (const ns of namespaces) {
      if (!NAMESPACE.test(ns)) throw new TypeError(`not a finding namespace: ${ns.slice(0, 80)}`);
    }
    const lists = namespaces.map((ns) => this.#question(ns, key));
    const raw = await withTimeout(
      this.client.eval(
        FINDINGS_BY_QUESTION,
        lists.length,
        ...lists,
        this.#prefix,
        MAX_STORED_BYTES,
        QUESTION_IDS,
      ),
      this.#timeoutMs,
      'a question lookup',
    );
    return Array.isArray(raw) ? raw.map((value) => parseJson(typeof value === 'string' ? value : null)) : [];
  }

  async get(ids: readonly string[]): Promise<unknown[]> {
    const values: unknown[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      if (chunk.length === 0) continue;
      const raw = (await withTimeout(
        this.client.eval(GET_BOUNDED, chunk.length, ...chunk.map(this.#finding), MAX_STORED_BYTES),
        this.#timeoutMs,
        'a read',
      )) as (string | null)[];
      for (const value of Array.isArray(raw) ? raw : []) values.push(parseJson(value));
    }
    return values;
  }

  async forgetUser(userId: string): Promise<number> {
    try {
      const removed = await withTimeout(
        this.client.eval(FORGET_USER, 1, this.#user(userId), this.#prefix, CHANGE_LOG_LENGTH),
        this.#timeoutMs,
        'forgetting a user',
      );
      return Number(removed);
    } finally {
      this.#versions.wrote();
    }
  }

  incrementTrace(botId: string, kind: QueryKind, field: TraceField): Promise<void> {
    return this.#traces.incrementTrace(botId, kind, field);
  }

  traceCounts(botId: string | undefined): Promise<KindCounts> {
    return this.#traces.traceCounts(botId);
  }

  async close(): Promise<void> {
    this.#versions.close();
    if (this.#owned) this.client.disconnect();
  }
}

function parseJson(value: string | null): unknown {
  if (value === null || value.length > MAX_STORED_FINDING_CHARS) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}
