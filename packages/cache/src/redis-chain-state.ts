import type {
  ChainStateExchange,
  ChainStateStore,
  FleetChainState,
  ProviderHealth,
} from '@agent-search/core';
import type { Redis } from 'ioredis';

export interface RedisChainStateOptions {
  /** Prepended to every key. Default "agent-search:chain:". */
  keyPrefix?: string;
}

// How long the fleet's hedge counts cover: two buckets of this length (the current and the last).
const HEDGE_BUCKET_MS = 300_000;
// A provider's shared state outlives its longest wait (an hour), then goes.
const STATE_TTL_MS = 2 * 3_600_000;
// An entry bigger than this was not written by us: ignored.
const MAX_ENTRY_BYTES = 2_048;

/**
 * One round trip: merges each provider's update into its stored state (later openings, later closings and
 * longer upstream waits win; the rest is kept), adds the hedge counts, and returns every provider's state
 * and the hedge counts of the current and the last bucket. Merging on the server keeps two workers' updates
 * from overwriting each other: a Retry-After one worker met is never lost to another's success.
 */
const EXCHANGE = `
local function num(v) return tonumber(v) or 0 end
local states = KEYS[1]
local updates = cjson.decode(ARGV[1])
for _, u in ipairs(updates) do
  local id = tostring(u.provider)
  local raw = redis.call('hget', states, id)
  local s = {}
  if raw then
    local ok, decoded = pcall(cjson.decode, raw)
    if ok and type(decoded) == 'table' then s = decoded end
  end
  s.provider = id
  if num(u.openedAt) > num(s.openedAt) and num(u.openedAt) > num(s.closedAt) and u.state ~= 'closed' then
    s.state = 'open'
    s.openedAt = num(u.openedAt)
    s.coolingUntil = num(u.coolingUntil)
    s.openings = num(u.openings)
    s.failures = num(u.failures)
    s.lastErrorCode = u.lastErrorCode
  end
  if num(u.closedAt) > num(s.closedAt) then
    s.closedAt = num(u.closedAt)
    if s.closedAt > num(s.openedAt) then s.state = 'closed' end
  end
  if num(u.upstreamUntil) > num(s.upstreamUntil) then
    s.upstreamUntil = num(u.upstreamUntil)
    if s.state ~= 'open' then s.lastErrorCode = u.lastErrorCode end
  end
  if s.state == nil then s.state = 'closed' end
  if s.failures == nil then s.failures = 0 end
  redis.call('hset', states, id, cjson.encode(s))
end
if #updates > 0 then redis.call('pexpire', states, ARGV[5]) end
local searches, hedges = tonumber(ARGV[2]), tonumber(ARGV[3])
if searches ~= 0 or hedges ~= 0 then
  redis.call('hincrby', KEYS[2], 'searches', searches)
  redis.call('hincrby', KEYS[2], 'hedges', hedges)
  redis.call('pexpire', KEYS[2], ARGV[4])
end
local ids = cjson.decode(ARGV[6])
local out = {}
for i, id in ipairs(ids) do out[i] = redis.call('hget', states, id) or false end
local totals = {0, 0}
for k = 2, 3 do
  local h = redis.call('hmget', KEYS[k], 'searches', 'hedges')
  totals[1] = totals[1] + num(h[1])
  totals[2] = totals[2] + num(h[2])
end
return {out, totals[1], totals[2]}
`;

// Deletes the trial lease only if it is still ours.
const RELEASE =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

function parseEntry(raw: unknown): ProviderHealth | undefined {
  if (typeof raw !== 'string' || raw.length > MAX_ENTRY_BYTES) return undefined;
  try {
    const value = JSON.parse(raw) as unknown;
    // The breaker checks every field it takes over; here only the shape.
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as ProviderHealth)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A fleet's chain state on Redis (pass it as `sharedState: { store }` to `createSearchClient`): breaker
 * openings and closings, upstream waits (Retry-After) and hedge counts, merged on the server in one round
 * trip per exchange, and the one trial of a half-open provider as a lease (`SET NX PX`). Use a client made
 * by `createRedisClient` (short timeouts, no offline queue), so a slow or absent Redis fails fast.
 */
export function createRedisChainState(redis: Redis, options: RedisChainStateOptions = {}): ChainStateStore {
  const prefix = options.keyPrefix ?? 'agent-search:chain:';
  const states = `${prefix}providers`;
  const bucket = (at: number) => `${prefix}hedges:${Math.floor(at / HEDGE_BUCKET_MS)}`;
  // A client without an offline queue refuses commands until connected: a process's first exchange, sent
  // while its connection opens, waits for it (the client bounds that wait) rather than fail.
  // A connection that already failed (reconnecting, closed) is not waited for: the call fails at once.
  let ready: Promise<void> | undefined;
  const whenReady = (): Promise<void> | undefined => {
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
  return {
    async exchange(update: ChainStateExchange, ids: readonly string[]): Promise<FleetChainState> {
      await whenReady();
      const now = Date.now();
      const reply = (await redis.eval(
        EXCHANGE,
        3,
        states,
        bucket(now),
        bucket(now - HEDGE_BUCKET_MS),
        JSON.stringify(update.providers),
        String(Math.trunc(update.hedges.searches) || 0),
        String(Math.trunc(update.hedges.hedges) || 0),
        String(2 * HEDGE_BUCKET_MS),
        String(STATE_TTL_MS),
        JSON.stringify(ids),
      )) as [unknown[], number, number];
      const [entries, searches, hedges] = Array.isArray(reply) ? reply : [[], 0, 0];
      const providers = (Array.isArray(entries) ? entries : []).flatMap((raw) => parseEntry(raw) ?? []);
      return { providers, hedges: { searches: Number(searches) || 0, hedges: Number(hedges) || 0 } };
    },
    async claimTrial(provider, token, ms) {
      await whenReady();
      const reply = await redis.set(
        `${prefix}trial:${provider}`,
        token,
        'PX',
        Math.max(1, Math.round(ms)),
        'NX',
      );
      return reply === 'OK';
    },
    async releaseTrial(provider, token) {
      await redis.eval(RELEASE, 1, `${prefix}trial:${provider}`, token);
    },
  };
}
