/**
 * The "Shared state and its bounds" section of docs/reliability.md: who can write what a fleet shares, what
 * one bad entry can do at worst, and the bounds that hold it there. Static text (the numbers are core's
 * `SHARED_STATE_BOUNDS`, `JSON_SHAPE_LIMITS` and the memory's limits), kept beside the generated sections.
 */
export const SHARED_STATE_SECTION = `## Shared state and its bounds

A fleet shares three things through Redis: the chain state (breakers, upstream waits, the half-open trial
lease, hedge counts; \`createRedisChainState\`), the answer and page cache, and the search memory (findings,
facts, trace counts). **Who can write them:** every process of the fleet, and anyone else with the Redis
password — a bug in one version, a buggy upstream's \`Retry-After\` carried into an entry, a person. So every
process reads them as untrusted input: nothing it reads there can lock a provider out, hold the event loop
or grow its memory beyond the bounds below. **At worst one bad entry delays a provider for the longest wait
(an hour) after the entry was written, never longer and never for good**; an entry past its bound is ignored
and gone from Redis. (Someone who keeps writing bad entries keeps delaying it: that needs the password, and
the password is the boundary.)

How it holds:

- **Bounded from when it was written, not from when it is read.** Each chain-state entry carries its write
  time (\`writtenAt\`, set by the Lua script that merges it); its waits and open times may end at most the
  longest wait after it, and the entry expires in Redis then (\`PX\` on every write, \`PEXPIRE\` on a read of
  one written without). Bounding from the read renewed the hour at every read: a ten-year \`Retry-After\` kept
  the provider out for good.
- **Checked whole on read, in the script and again in the client** (\`readSharedEntry\`): finite numbers in
  range, a known state and error code, counts a chain keeps, the entry's \`provider\` its key's. One bad field
  and the entry is ignored (and deleted by the script): taking the valid fields of a forged entry would still
  let it open a breaker. Nothing non-finite is written back.
- **Sizes checked before reading**: \`STRLEN\`/\`HSTRLEN\` on the server before a value is read, so a 50 MB
  value is deleted, not downloaded (a real entry is a few hundred bytes); the memory's findings the same way
  (\`GET\` only under 192 KB of bytes, 64 KB of characters), its trace counts summed on the server from the
  known fields only.
- **Leases always expire**: a trial lease is set with \`PX\`; one found without an expiry, or longer than the
  longest trial, counts as expired.
- **Counters clamped**: a hedge bucket counting more than it can hold (or holding anything but two counts) is
  reset; the fleet's counts reach the budget cut to two buckets' worth with the share kept.
- **One limit for writer and reader**: the memory's writer stores a finding only in the form every reader
  takes (\`fitForStorage\`): within 64 KB, facts and then sources dropped from the end to fit; URLs within
  2,048 characters once percent-encoded (core's \`cleanUrl\`), which every reader checks again.

| Bound | Value | Where |
|---|---|---|
| Longest wait or open time a shared entry can impose | 1 h from its write (\`SHARED_STATE_BOUNDS.maxWaitMs\`) | core \`chain/shared-state-bounds.ts\`, the Redis scripts in cache \`redis-chain-state.ts\` |
| A \`Retry-After\` longer than that | Clamped to it when stored (and by the breaker before) | breaker, Redis script |
| An entry's write time ahead of the reader's clock | At most 60 s (\`clockSkewMs\`), else ignored | same |
| A chain-state entry | At most 2,048 characters (\`maxEntryChars\`), read only after \`STRLEN\` | same |
| Failures / openings an entry carries | 1,000 / 32 | same |
| A trial lease | Always with an expiry, at most 120 s (\`maxTrialMs\`) | same |
| Searches a hedge bucket (5 min) counts | 100,000 (\`maxBucketSearches\`), hedges never more than searches | same |
| A provider's JSON answer, before it is parsed | 64 levels of nesting, 100,000 items (\`JSON_SHAPE_LIMITS\`), besides the 5 MB body limit | core \`json-shape.ts\` (\`requestJsonApi\`, error bodies, SDK bodies, DuckDuckGo's d.js) |
| OpenAI citations read | The first 256, over 64,000 characters of answer text | provider-openai \`response.ts\` |
| A stored finding (memory) | 64 K characters of JSON, written so and read so | memory \`finding.ts\`, \`redis-finding-store.ts\` |
| Trace counts read | The known fields only (kinds × outcomes), counts up to 10¹², from at most 1,000 bots | memory \`redis-finding-store.ts\` |
| An MCP request body | 1 MiB: a larger \`Content-Length\` gets 413 before the body is read | mcp \`http-server.ts\` |

Held by \`cache/test/chain-state-bounds.test.ts\` (a real redis-server: the fleet's only provider poisoned
with a ten-year wait, a forged open time, \`1e308\`, \`NaN\`, a write time ten years ahead, a lease without
expiry, a hedge counter of \`4e15\`, an entry naming another provider, a 50 MB value; it is searched again
within the longest wait, on a fake clock, and the bytes Redis sends are counted), \`core/src/chain/shared-state-bounds.test.ts\`,
\`core/src/json-shape.test.ts\`, every provider's conformance suite (answers nested 10,000 deep and 50,000
results wide are \`provider_error\`), \`memory/test/store-bounds.test.ts\` (a 500,000-field trace hash, a 50 MB
finding, a 2,048-character URL across bots) and \`mcp/test/http.test.ts\` (the 413).
`;
