import type { SpendAddition, SpendCounter, SpendStore } from '@agent-search/core';
import type { Redis } from 'ioredis';
import { readiness } from './redis-chain-state.ts';

/**
 * One round trip, atomic on the server: every counter is read, and only if each has room for the amount is
 * it added to all of them (each counter's expiry set to the end of its period). Two workers reserving the
 * last of a budget at once cannot both get it. Returns {1} or {0, index of the refusing counter, its total}.
 */
const ADD = `
local amount = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  local total = tonumber(redis.call('get', key) or '0') or 0
  if total + amount > tonumber(ARGV[2 * i]) then return {0, i - 1, total} end
end
for i, key in ipairs(KEYS) do
  redis.call('incrby', key, amount)
  redis.call('pexpireat', key, ARGV[2 * i + 1])
end
return {1}
`;

/** Takes a reservation back from counters that still exist, never below zero. */
const SUBTRACT = `
local amount = tonumber(ARGV[1])
for _, key in ipairs(KEYS) do
  local total = tonumber(redis.call('get', key) or 'nil')
  if total then
    local ttl = redis.call('pttl', key)
    local left = math.max(0, total - amount)
    if ttl > 0 then redis.call('set', key, left, 'px', ttl) else redis.call('set', key, left) end
  end
end
return 1
`;

/**
 * A fleet's spend on Redis (pass it as `spendStore` to `loadSearchConfig`, or as the `store` of a
 * `SpendBudget`): counters in millionths of a dollar, reserved atomically by a Lua script, surviving the
 * processes' restarts, each gone an hour after its period ends. Use the client of the chain state
 * (`createRedisClient`: short timeouts, no offline queue): a Redis that does not answer refuses paid requests.
 */
export function createRedisSpendStore(redis: Redis): SpendStore {
  // A worker's first paid searches, sent while its connection opens, wait for it (as the chain state's do)
  // instead of being refused as if Redis were down.
  const whenReady = readiness(redis);
  return {
    async add(counters: readonly SpendCounter[], amount: number): Promise<SpendAddition> {
      if (counters.length === 0) return { added: true };
      await whenReady();
      const args = counters.flatMap((c) => [String(Math.trunc(c.limit)), String(Math.trunc(c.expiresAt))]);
      const reply = (await redis.eval(
        ADD,
        counters.length,
        ...counters.map((c) => c.key),
        String(Math.trunc(amount)),
        ...args,
      )) as number[];
      if (Array.isArray(reply) && Number(reply[0]) === 1) return { added: true };
      const refused = Number(Array.isArray(reply) ? reply[1] : 0);
      return {
        added: false,
        refused: Number.isInteger(refused) && refused >= 0 && refused < counters.length ? refused : 0,
        total: Number(Array.isArray(reply) ? reply[2] : 0) || 0,
      };
    },
    async subtract(keys: readonly string[], amount: number): Promise<void> {
      if (keys.length === 0) return;
      await whenReady();
      await redis.eval(SUBTRACT, keys.length, ...keys, String(Math.trunc(amount)));
    },
  };
}
