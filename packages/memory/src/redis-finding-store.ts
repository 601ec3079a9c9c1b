import { createHash } from 'node:crypto';
import { type Logger, silentLogger } from '@agent-search/core';
import { Redis } from 'ioredis';
import { BOT_ID, type Finding, MAX_STORED_FINDING_CHARS } from './finding.ts';
import {
  CHANGE_LOG_LENGTH,
  type ChangeEntry,
  changesSince,
  type FindingChanges,
  type FindingStore,
  type Retention,
} from './finding-store.ts';
import { QUERY_KINDS, type QueryKind } from './query-kind.ts';
import { questionShape } from './same-question.ts';
import { emptyCounts, type KindCounts, TRACE_FIELDS, type TraceField, type TraceStore } from './trace-log.ts';

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
const QUESTION_ID = /^[\w-]{1,64}$/;
/** Bots whose trace counts a store sums (SRANDMEMBER with a positive count: distinct, bounded). */
const MAX_TRACE_BOTS = 1_000;
/** Largest count a trace field may hold (a bot counting a search a millisecond for 30 years stays under). */
const MAX_TRACE_COUNT = 1e12;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer ${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// Both scripts run atomically on the server, so a finding is never stored after its user was forgotten
// without being in that user's set, and trimming never leaves a user set naming findings that are gone.
// Keys are derived from the prefix inside the scripts (single Redis, not Cluster: see docs/companion.md).

/**
 * Stores one finding and trims its namespace, logging both under the namespace's new version. KEYS:
 * finding, index, version, owners (id → user key of the namespace), user set ('' when the finding has no
 * user), change log, question list (the ids filed under the finding's question key, '' for none), question
 * owners (id → question list). ARGV: prefix, namespace, id, json, learnedAt, maxAgeMs, maxFindings, now,
 * log length.
 */
const ADD_FINDING = `
local prefix, ns, id = ARGV[1], ARGV[2], ARGV[3]
local maxAge, maxFindings, now = tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8])
redis.call('set', KEYS[1], ARGV[4], 'PX', maxAge)
redis.call('zadd', KEYS[2], tonumber(ARGV[5]), id)
-- Sets shared by writers of different retentions expire with the longest: a write only ever extends.
-- (pttl is -1 for a key created just now without an expiry.)
local function extend(key)
  if redis.call('pttl', key) < maxAge then redis.call('pexpire', key, maxAge) end
end
if KEYS[5] ~= '' then
  redis.call('sadd', KEYS[5], ns .. '|' .. id)
  extend(KEYS[5])
  redis.call('hset', KEYS[4], id, KEYS[5])
end
if KEYS[7] ~= '' then
  redis.call('rpush', KEYS[7], id)
  extend(KEYS[7])
  redis.call('hset', KEYS[8], id, KEYS[7])
end
local gone = redis.call('zrangebyscore', KEYS[2], '-inf', '(' .. (now - maxAge), 'LIMIT', 0, 1000)
local count = redis.call('zcard', KEYS[2]) - #gone
if count > maxFindings then
  local over = redis.call('zrange', KEYS[2], #gone, #gone + math.min(count - maxFindings, 1000) - 1)
  for _, g in ipairs(over) do gone[#gone + 1] = g end
end
for _, g in ipairs(gone) do
  local owner = redis.call('hget', KEYS[4], g)
  if owner then
    redis.call('srem', owner, ns .. '|' .. g)
    redis.call('hdel', KEYS[4], g)
  end
  local list = redis.call('hget', KEYS[8], g)
  if list then
    if string.sub(list, 1, #prefix + #ns + 3) == prefix .. 'q:' .. ns .. ':' then redis.call('lrem', list, 0, g) end
    redis.call('hdel', KEYS[8], g)
  end
  redis.call('zrem', KEYS[2], g)
  redis.call('del', prefix .. 'f:' .. g)
end
if redis.call('exists', KEYS[4]) == 1 then extend(KEYS[4]) end
if redis.call('exists', KEYS[8]) == 1 then extend(KEYS[8]) end
local version = redis.call('incr', KEYS[3])
redis.call('rpush', KEYS[6], version .. ' +' .. id)
for _, g in ipairs(gone) do redis.call('rpush', KEYS[6], version .. ' -' .. g) end
redis.call('ltrim', KEYS[6], -tonumber(ARGV[9]), -1)
-- pcall: a Redis user not allowed to publish still stores; its readers then read versions every recall.
redis.pcall('publish', prefix .. 'changes', ns)
return version
`;

/**
 * Deletes every finding in a user's set, and the set, logging the removals under each namespace's new
 * version (an emptied namespace drops its log). KEYS: the user set. ARGV: prefix, log length. Members
 * are "<namespace>|<id>"; only well-formed ones name keys (the set may have been written by anyone).
 */
const FORGET_USER = `
local prefix = ARGV[1]
local removed = 0
local touched = {}
for _, member in ipairs(redis.call('smembers', KEYS[1])) do
  local ns, id = string.match(member, '^(.*)|([%w_-]+)$')
  if ns and #id <= 64 and (ns == 'shared' or (string.match(ns, '^bot:[%w_.-]+$') and #ns <= 68)) then
    removed = removed + redis.call('del', prefix .. 'f:' .. id)
    redis.call('zrem', prefix .. 'ns:' .. ns, id)
    redis.call('hdel', prefix .. 'owners:' .. ns, id)
    local qowners = prefix .. 'qowners:' .. ns
    local list = redis.call('hget', qowners, id)
    -- Only a list of this namespace's questions: the hash may have been written by anyone.
    if list and string.sub(list, 1, #prefix + #ns + 3) == prefix .. 'q:' .. ns .. ':' then
      redis.call('lrem', list, 0, id)
    end
    redis.call('hdel', qowners, id)
    touched[ns] = touched[ns] or {}
    table.insert(touched[ns], id)
  end
end
for ns, ids in pairs(touched) do
  local version = redis.call('incr', prefix .. 'v:' .. ns)
  local log = prefix .. 'log:' .. ns
  if redis.call('exists', prefix .. 'ns:' .. ns) == 0 then
    redis.call('del', log)
  else
    for _, id in ipairs(ids) do redis.call('rpush', log, version .. ' -' .. id) end
    redis.call('ltrim', log, -tonumber(ARGV[2]), -1)
  end
  redis.pcall('publish', prefix .. 'changes', ns)
end
redis.call('del', KEYS[1])
return removed
`;

/**
 * MGET, except that a value longer than ARGV[1] bytes (or not a string) comes back as nil: its length is
 * checked on the server first, so a huge value written by anyone never crosses the network.
 */
const GET_BOUNDED = `
local max = tonumber(ARGV[1])
local out = {}
for i, key in ipairs(KEYS) do
  if redis.call('type', key).ok == 'string' and redis.call('strlen', key) <= max then
    out[i] = redis.call('get', key)
  else
    out[i] = false
  end
end
return out
`;

/**
 * Sums the trace counts of one bot (ARGV[3]) or of up to ARGV[4] bots of the bots set (KEYS[1]), on the
 * server: only the known fields (ARGV[5], a JSON list) are read, each only when its value is a short
 * count, so a hash holding 500,000 fields or a huge value costs one field look-up per known field, and
 * nothing but the sums leaves Redis. ARGV: prefix, the largest count, bot ('' for all), bots, fields.
 */
const TRACE_COUNTS = `
local prefix, maxCount = ARGV[1], tonumber(ARGV[2])
local bots
if ARGV[3] ~= '' then
  bots = { ARGV[3] }
elseif redis.call('type', KEYS[1]).ok == 'set' then
  bots = redis.call('srandmember', KEYS[1], tonumber(ARGV[4]))
else
  bots = {}
end
local fields = cjson.decode(ARGV[5])
local totals = {}
for i = 1, #fields do totals[i] = 0 end
for _, bot in ipairs(bots) do
  local key = prefix .. 't:' .. bot
  if #bot <= 64 and string.match(bot, '^[%w_.-]+$') and redis.call('type', key).ok == 'hash' then
    for i, field in ipairs(fields) do
      if redis.call('hstrlen', key, field) <= 13 then
        local n = tonumber(redis.call('hget', key, field))
        if n and n >= 0 and n <= maxCount and n == math.floor(n) then totals[i] = totals[i] + n end
      end
    end
  end
end
return totals
`;

/**
 * How long a version read is trusted while the store hears Redis's change notices: a notice lost (or a
 * writer that does not publish) delays what a reader sees by at most this.
 */
export const VERSION_TRUST_MS = 1_000;

/**
 * Stores in this process that trust versions, by Redis server and prefix: a write through any store on
 * the same server and prefix is known to them at once.
 */
const neighbours = new Map<string, Set<RedisFindingStore>>();

/** A change log entry as the scripts write it: "<version> +<id>" or "<version> -<id>". */
const LOG_ENTRY = /^(\d{1,15}) ([+-])([\w-]{1,64})$/;

/**
 * Findings on Redis, so bots in other processes recall them: each finding is a JSON value that expires
 * with the retention age, each namespace a sorted set of ids by learning time with a version counter and
 * a hash naming each finding's user set and a log of its last changes, each user a set of the findings
 * they triggered (keyed by a hash of the user id). Storing and forgetting are Lua scripts: atomic against
 * each other, and each publishes the namespace it changed on `<prefix>changes`. A store that reads
 * versions subscribes to those notices on a second connection and trusts what it read until one comes
 * (at most `VERSION_TRUST_MS`), so a recall with nothing new makes no round trip.
 */
export class RedisFindingStore implements FindingStore, TraceStore {
  readonly client: Redis;
  readonly #owned: boolean;
  readonly #prefix: string;
  readonly #timeoutMs: number;
  // Versions read while subscribed to the store's change notices, trusted for VERSION_TRUST_MS unless a
  // notice (or a write in this process) says the namespace changed.
  readonly #versions = new Map<string, { version: string; at: number }>();
  #subscriber: Redis | undefined;
  #listening = false;
  #notices = 0;
  #closed = false;
  readonly #neighbourhood: string;

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
    const { host, port, path, db } = this.client.options;
    this.#neighbourhood = `${path ?? `${host}:${port}`}/${db ?? 0}/${this.#prefix}`;
  }

  /** Forgets trusted versions (of one namespace, or all): the next read asks Redis. */
  #changed(namespace?: string): void {
    this.#notices++;
    if (namespace === undefined) this.#versions.clear();
    else this.#versions.delete(namespace);
  }

  /** Tells this store and the listening ones in this process on the same Redis and prefix of a write. */
  #wrote(namespace?: string): void {
    this.#changed(namespace);
    for (const store of neighbours.get(this.#neighbourhood) ?? []) store.#changed(namespace);
  }

  /** Subscribes, once, to the change notices the scripts publish, on a connection of its own. */
  #listen(): void {
    if (this.#subscriber || this.#closed) return;
    let group = neighbours.get(this.#neighbourhood);
    if (!group) {
      group = new Set();
      neighbours.set(this.#neighbourhood, group);
    }
    group.add(this);
    const subscriber = this.client.duplicate();
    this.#subscriber = subscriber;
    const channel = `${this.#prefix}changes`;
    const subscribe = () => {
      subscriber.subscribe(channel).then(
        () => {
          if (subscriber.status !== 'ready' || this.#closed) return;
          this.#listening = true;
          this.#changed();
        },
        () => {}, // not allowed to subscribe, or down: versions are read every time
      );
    };
    subscriber.on('error', () => {}); // the store's own connection reports outages
    subscriber.on('message', (_channel: string, namespace: string) => this.#changed(namespace));
    subscriber.on('close', () => {
      this.#listening = false;
      this.#changed();
    });
    subscriber.on('ready', subscribe);
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
      this.#wrote(namespace);
    }
  }

  /**
   * Read from Redis (one MGET), or, while subscribed to the change notices, from the last read if no
   * notice for the namespace came since and it is under VERSION_TRUST_MS old.
   */
  async versions(namespaces: readonly string[]): Promise<string[]> {
    this.#listen();
    const started = performance.now();
    if (this.#listening) {
      const trusted = namespaces.map((ns) => this.#versions.get(ns));
      if (trusted.every((v) => v !== undefined && started - v.at < VERSION_TRUST_MS)) {
        return trusted.map((v) => v!.version);
      }
    }
    const listening = this.#listening;
    const notices = this.#notices;
    const values = (
      await withTimeout(this.client.mget(...namespaces.map(this.#version)), this.#timeoutMs, 'a version read')
    ).map((v) => v ?? '0');
    // Trusted only if subscribed before the read was sent and no notice came while it was on its way.
    if (listening && this.#listening && notices === this.#notices) {
      for (const [i, ns] of namespaces.entries())
        this.#versions.set(ns, { version: values[i]!, at: started });
    }
    return values;
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

  async byQuestion(namespaces: readonly string[], key: string): Promise<string[]> {
    if (key === '') return [];
    for (const ns of namespaces) {
      if (!NAMESPACE.test(ns)) throw new TypeError(`not a finding namespace: ${ns.slice(0, 80)}`);
    }
    // Sent back to back on one connection (no MULTI: a lookup needs no atomicity, and a list read apart
    // from the others is as good).
    const lists = await withTimeout(
      Promise.all(namespaces.map((ns) => this.client.lrange(this.#question(ns, key), -QUESTION_IDS, -1))),
      this.#timeoutMs,
      'a question lookup',
    );
    const ids: string[] = [];
    // Anyone with the Redis password may have written the lists: only id-shaped strings are read.
    for (const list of lists) for (const id of list) if (QUESTION_ID.test(id)) ids.push(id);
    return ids;
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
      this.#wrote();
    }
  }

  // Trace counts: a hash per bot ("<kind>:<field>" → count) and a set naming the bots, so every bot on the
  // store reads everyone's counts. They are counts, not personal data: they outlive retention.
  #traces = (botId: string) => `${this.#prefix}t:${botId}`;

  async incrementTrace(botId: string, kind: QueryKind, field: TraceField): Promise<void> {
    if (!BOT_ID.test(botId)) throw new TypeError('not a bot id');
    // Only the fields readers look up are written: a bot's hash never grows past them.
    if (!QUERY_KINDS.includes(kind) || !TRACE_FIELDS.includes(field))
      throw new TypeError('not a trace field');
    await withTimeout(
      this.client
        .multi()
        .hincrby(this.#traces(botId), `${kind}:${field}`, 1)
        .sadd(`${this.#prefix}t:bots`, botId)
        .exec(),
      this.#timeoutMs,
      'counting a trace',
    );
  }

  async traceCounts(botId: string | undefined): Promise<KindCounts> {
    if (botId !== undefined && !BOT_ID.test(botId)) return emptyCounts();
    const fields = QUERY_KINDS.flatMap((kind) => TRACE_FIELDS.map((field) => [kind, field] as const));
    const sums = await withTimeout(
      this.client.eval(
        TRACE_COUNTS,
        1,
        `${this.#prefix}t:bots`,
        this.#prefix,
        MAX_TRACE_COUNT,
        botId ?? '',
        MAX_TRACE_BOTS,
        JSON.stringify(fields.map(([kind, field]) => `${kind}:${field}`)),
      ),
      this.#timeoutMs,
      'a trace read',
    );
    const total = emptyCounts();
    if (!Array.isArray(sums)) return total;
    for (const [i, [kind, field]] of fields.entries()) {
      const count = Number(sums[i]);
      if (Number.isSafeInteger(count) && count > 0) total[kind][field] = count;
    }
    return total;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#listening = false;
    const group = neighbours.get(this.#neighbourhood);
    group?.delete(this);
    if (group?.size === 0) neighbours.delete(this.#neighbourhood);
    this.#subscriber?.disconnect();
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
