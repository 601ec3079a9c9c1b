import {
  type ChainStateExchange,
  type ChainStateStore,
  type FleetChainState,
  type ProviderHealth,
  SHARED_STATE_BOUNDS,
} from '@agent-search/core';
import type { Redis } from 'ioredis';

export interface RedisChainStateOptions {
  /** Prepended to every key. Default "agent-search:chain:". */
  keyPrefix?: string;
}

// How long the fleet's hedge counts cover: two buckets of this length (the current and the last).
const HEDGE_BUCKET_MS = 300_000;

/**
 * The bounds every entry is held to on the server, shared by both scripts: `load` reads one provider's entry
 * (its length checked before it is read, so a huge value never leaves Redis nor fills the script's memory),
 * keeps only the fields a chain writes, each finite and within its bound relative to the entry's write time,
 * and deletes an entry that is not one (wrong type, too long, not JSON, written in the future, past its
 * bound, a field out of range). Redis's cjson takes `NaN` and `Infinity`: they are dropped here, never
 * written back.
 */
const LOAD = `
local maxWait, maxBytes, skew = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local maxFailures, maxOpenings = tonumber(ARGV[4]), tonumber(ARGV[5])
local now = tonumber(ARGV[6])
local function finite(v) return type(v) == 'number' and v == v and v ~= math.huge and v ~= -math.huge end
local function count(v, max) return finite(v) and v >= 0 and v <= max and v == math.floor(v) end
local states = { closed = true, open = true, ['half-open'] = true }
local function load(key, id)
  local kind = redis.call('type', key).ok
  if kind == 'none' then return nil end
  if kind ~= 'string' or redis.call('strlen', key) > maxBytes then redis.call('del', key) return nil end
  local raw = redis.call('get', key)
  local ok, e = pcall(cjson.decode, raw)
  local w = ok and type(e) == 'table' and e.writtenAt
  local valid = finite(w) and w >= 0 and w <= now + skew and w + maxWait > now
    and e.provider == id and states[e.state] and count(e.failures, maxFailures)
    and (e.openings == nil or count(e.openings, maxOpenings))
    and (e.lastErrorCode == nil or type(e.lastErrorCode) == 'string')
  if valid then
    for _, f in ipairs({'openedAt', 'closedAt'}) do
      if e[f] ~= nil and not (finite(e[f]) and e[f] >= 0 and e[f] <= w) then valid = false end
    end
    for _, f in ipairs({'coolingUntil', 'upstreamUntil'}) do
      if e[f] ~= nil and not (finite(e[f]) and e[f] >= 0 and e[f] <= w + maxWait) then valid = false end
    end
  end
  if not valid then redis.call('del', key) return nil end
  -- An entry lives no longer than its bound, whoever wrote it (and however: SET without PX included).
  local left = math.floor(w + maxWait - now)
  local ttl = redis.call('pttl', key)
  if ttl < 0 or ttl > left then redis.call('pexpire', key, math.max(1, left)) end
  local s = { provider = id, state = e.state, failures = e.failures, openings = e.openings,
    lastErrorCode = e.lastErrorCode, openedAt = e.openedAt, closedAt = e.closedAt,
    coolingUntil = e.coolingUntil, upstreamUntil = e.upstreamUntil, writtenAt = w }
  return s, raw
end
`;

/**
 * One round trip: merges each provider's update into its stored entry (later openings, later closings and
 * longer upstream waits win; the rest is kept), adds the hedge counts, and returns every provider's entry
 * and the hedge counts of the current and the last bucket. Merging on the server keeps two workers' updates
 * from overwriting each other: a Retry-After one worker met is never lost to another's success. An update's
 * times are clamped when stored (a wait ends at most the longest wait after now, an event is not in the
 * future); each entry is stamped with its write time and expires at its bound.
 * KEYS: the current hedge bucket, the last, then one key per provider (ARGV[7], a JSON list of their ids).
 */
const EXCHANGE = `${LOAD}
local function num(v) if finite(v) and v > 0 then return v end return 0 end
local function at(v) return math.min(num(v), now) end
local function till(v) return math.min(num(v), now + maxWait) end
local ids = cjson.decode(ARGV[7])
local keyOf = {}
for i, id in ipairs(ids) do keyOf[id] = KEYS[i + 2] end
local updates = cjson.decode(ARGV[8])
for _, u in ipairs(updates) do
  local id = tostring(u.provider)
  local key = keyOf[id]
  if key then
    local s = load(key, id) or { provider = id }
    local openedAt, closedAt = at(u.openedAt), at(u.closedAt)
    if openedAt > num(s.openedAt) and openedAt > num(s.closedAt) and u.state ~= 'closed' then
      s.state = 'open'
      s.openedAt = openedAt
      s.coolingUntil = till(u.coolingUntil)
      s.openings = math.min(math.floor(num(u.openings)), maxOpenings)
      s.failures = math.min(math.floor(num(u.failures)), maxFailures)
      s.lastErrorCode = type(u.lastErrorCode) == 'string' and u.lastErrorCode or nil
    end
    if closedAt > num(s.closedAt) then
      s.closedAt = closedAt
      if s.closedAt > num(s.openedAt) then s.state = 'closed' end
    end
    local upstreamUntil = till(u.upstreamUntil)
    if upstreamUntil > num(s.upstreamUntil) then
      s.upstreamUntil = upstreamUntil
      if s.state ~= 'open' and type(u.lastErrorCode) == 'string' then s.lastErrorCode = u.lastErrorCode end
    end
    if s.state == nil then s.state = 'closed' end
    if s.failures == nil then s.failures = 0 end
    s.writtenAt = now
    redis.call('set', key, cjson.encode(s), 'PX', maxWait)
  end
end
-- A hedge bucket holds two counts, each at most what a bucket can count: anything else is not ours.
local maxCount = tonumber(ARGV[9])
local function bucket(key)
  local kind = redis.call('type', key).ok
  if kind == 'none' then return 0, 0 end
  local c = {}
  if kind == 'hash' and redis.call('hlen', key) <= 2 then
    for i, f in ipairs({'searches', 'hedges'}) do
      if redis.call('hstrlen', key, f) <= 20 then c[i] = tonumber(redis.call('hget', key, f) or '0') end
    end
  end
  if not (count(c[1], maxCount) and finite(c[2]) and math.abs(c[2]) <= maxCount) then
    redis.call('del', key)
    return 0, 0
  end
  if redis.call('pttl', key) < 0 then redis.call('pexpire', key, ARGV[12]) end
  return c[1], c[2]
end
local searches, hedges = tonumber(ARGV[10]), tonumber(ARGV[11])
bucket(KEYS[1])
if searches ~= 0 or hedges ~= 0 then
  local s = redis.call('hincrby', KEYS[1], 'searches', searches)
  local h = redis.call('hincrby', KEYS[1], 'hedges', hedges)
  if s > maxCount then redis.call('hset', KEYS[1], 'searches', maxCount) end
  if h > maxCount then redis.call('hset', KEYS[1], 'hedges', maxCount) end
  redis.call('pexpire', KEYS[1], ARGV[12])
end
local out = {}
for i, id in ipairs(ids) do
  local _, raw = load(KEYS[i + 2], id)
  out[i] = raw or false
end
local s1, h1 = bucket(KEYS[1])
local s2, h2 = bucket(KEYS[2])
return {out, s1 + s2, h1 + h2}
`;

/**
 * Claims the trial lease unless another process holds a live one. A lease without expiry, or with one past
 * the longest trial, was not set by a chain (or is left from one that is gone): it counts as expired.
 */
const CLAIM = `
local ttl = redis.call('pttl', KEYS[1])
if ttl == -1 or ttl > tonumber(ARGV[3]) then redis.call('del', KEYS[1]) end
if redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return 1 end
return 0
`;

// Deletes the trial lease only if it is still ours (its length checked first: a huge value is not read).
const RELEASE = `
if redis.call('type', KEYS[1]).ok == 'string' and redis.call('strlen', KEYS[1]) == #ARGV[1]
  and redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0`;

/** An entry as returned for `provider`, or undefined: too long, not JSON, or another provider's. */
function parseEntry(raw: unknown, provider: string): ProviderHealth | undefined {
  if (typeof raw !== 'string' || raw.length > SHARED_STATE_BOUNDS.maxEntryChars) return undefined;
  try {
    const value = JSON.parse(raw) as unknown;
    // The client checks every field against the bounds; here the shape and the key it was found under.
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    return (value as ProviderHealth).provider === provider ? (value as ProviderHealth) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Waits for `redis` to be ready. A client without an offline queue refuses commands until connected: a
 * process's first exchange, sent while its connection opens, waits for it (the client bounds that wait)
 * rather than fail. A connection that already failed (reconnecting, closed) is not waited for: the call
 * fails at once. Concurrent callers share one wait.
 */
export function readiness(redis: Redis): () => Promise<void> | undefined {
  let ready: Promise<void> | undefined;
  return () => {
    if (redis.status === 'ready') return undefined;
    if (!['wait', 'connecting', 'connect'].includes(redis.status)) {
      return Promise.reject(new Error(`Redis is not reachable (${redis.status})`));
    }
    ready ??= new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        redis.off('ready', onReady);
        redis.off('reconnecting', onDown);
        redis.off('end', onDown);
        ready = undefined;
        if (error) reject(error);
        else resolve();
      };
      const onReady = () => settle();
      const onDown = () => settle(new Error('Redis is not reachable'));
      redis.once('ready', onReady);
      redis.once('reconnecting', onDown);
      redis.once('end', onDown);
    });
    return ready;
  };
}

/**
 * A fleet's chain state on Redis (pass it as `sharedState: { store }` to `createSearchClient`): breaker
 * openings and closings, upstream waits (Retry-After) and hedge counts, merged on the server in one round
 * trip per exchange, and the one trial of a half-open provider as a lease (`SET NX PX`). Each provider's
 * entry is its own key, stamped with its write time and expiring at its bound; everything read is checked on
 * the server before it is sent (see `SHARED_STATE_BOUNDS`). Use a client made by `createRedisClient` (short
 * timeouts, no offline queue), so a slow or absent Redis fails fast.
 */
export function createRedisChainState(redis: Redis, options: RedisChainStateOptions = {}): ChainStateStore {
  const prefix = options.keyPrefix ?? 'agent-search:chain:';
  const entryKey = (provider: string) => `${prefix}provider:${provider}`;
  const bucket = (at: number) => `${prefix}hedges:${Math.floor(at / HEDGE_BUCKET_MS)}`;
  const b = SHARED_STATE_BOUNDS;
  const bounds = (now: number) => [
    String(b.maxWaitMs),
    String(b.maxEntryChars),
    String(b.clockSkewMs),
    String(b.maxFailures),
    String(b.maxOpenings),
    String(now),
  ];
  const whenReady = readiness(redis);
  return {
    async exchange(update: ChainStateExchange, ids: readonly string[]): Promise<FleetChainState> {
      await whenReady();
      const now = Date.now();
      // The ids asked for first (their entries come back in this order), then any other updated provider.
      const all = [...new Set([...ids, ...update.providers.map((p) => String(p.provider))])];
      const reply = (await redis.eval(
        EXCHANGE,
        all.length + 2,
        bucket(now),
        bucket(now - HEDGE_BUCKET_MS),
        ...all.map(entryKey),
        ...bounds(now),
        JSON.stringify(all),
        JSON.stringify(update.providers),
        String(b.maxBucketSearches),
        String(Math.trunc(update.hedges.searches) || 0),
        String(Math.trunc(update.hedges.hedges) || 0),
        String(2 * HEDGE_BUCKET_MS),
      )) as [unknown[], number, number];
      const [entries, searches, hedges] = Array.isArray(reply) ? reply : [[], 0, 0];
      const list = Array.isArray(entries) ? entries : [];
      const providers = ids.flatMap((id, i) => parseEntry(list[i], id) ?? []);
      return { providers, hedges: { searches: Number(searches) || 0, hedges: Number(hedges) || 0 } };
    },
    async claimTrial(provider, token, ms) {
      await whenReady();
      const lease = Math.min(Math.max(1, Math.round(ms) || 1), b.maxTrialMs);
      const reply = await redis.eval(
        CLAIM,
        1,
        `${prefix}trial:${provider}`,
        token,
        String(lease),
        String(b.maxTrialMs),
      );
      return reply === 1;
    },
    async releaseTrial(provider, token) {
      await redis.eval(RELEASE, 1, `${prefix}trial:${provider}`, token);
    },
  };
}
