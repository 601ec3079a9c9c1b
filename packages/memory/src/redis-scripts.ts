// The Lua scripts of `RedisFindingStore`, each run with EVAL: what must be atomic on the server (a write
// and its trim, a forget), or bounded there (reads of values anyone with the password may have written).

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
export const ADD_FINDING = `
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
export const FORGET_USER = `
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
export const GET_BOUNDED = `
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
export const TRACE_COUNTS = `
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
 * The findings filed under a question (the newest ARGV[3] ids of each list in KEYS), oldest first, each
 * id once, read in the same round trip: a new bot's first recall costs one. Like GET_BOUNDED, a value
 * longer than ARGV[2] bytes (or not a string) comes back as nil, and only id-shaped list entries name a
 * key (anyone with the password may have written the lists). ARGV: prefix, max bytes, ids per list.
 */
export const FINDINGS_BY_QUESTION = `
local prefix, max, per = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local seen, out = {}, {}
for _, list in ipairs(KEYS) do
  if redis.call('type', list).ok == 'list' then
    for _, id in ipairs(redis.call('lrange', list, -per, -1)) do
      if #id <= 64 and string.match(id, '^[%w_-]+$') and not seen[id] then
        seen[id] = true
        local key = prefix .. 'f:' .. id
        if redis.call('type', key).ok == 'string' and redis.call('strlen', key) <= max then
          out[#out + 1] = redis.call('get', key)
        end
      end
    end
  end
end
return out
`;
