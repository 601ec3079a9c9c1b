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

### Hostile answers

A provider's answer reaches the caller's process from outside too: a broken, compromised or malicious upstream
needs no password. Its cost is bounded before and while it is read, so that no answer holds the event loop
(a LiveKit worker's audio) or grows memory past the body limit's worth:

- **Bytes**: 5 MB read at most (\`maxBodyBytes\`), a larger \`Content-Length\` refused before reading.
- **Structure, before parsing**: one linear pass (\`jsonShapeExcess\`) refuses JSON nested deeper than 64 or
  with more than 50,000 items before \`JSON.parse\` sees it: answers (\`requestJsonApi\`), error bodies
  (core's \`httpStatusError\`, Tavily's limit envelope), SDK bodies (\`boundedFetch\`) and DuckDuckGo's JSON
  endpoints. Real answers are far inside these (the richest fixture: 133 items, 5 levels).
- **Work after parsing**: core cleans the first 200 raw results of an answer (a search asks for 10 at most);
  an LLM vendor's answer gives its first 256 citations; DuckDuckGo's HTML page is read for 20,000 tags and
  100 results at most (a real page: one or two thousand tags, about 30 results).
- **Measured, not asserted in tests** (tests assert no wall-clock time): the bench's \`hostile-answers\`
  figure (\`pnpm bench --only hostile-answers\`) serves every provider's answer shape nested deep, wide, as
  wide and as large as the limits let through, and as a nested 4 MB error, from another process, and
  checks the longest event-loop hold (≤ 50 ms) and RSS growth (≤ the body limit + 50 MB) of one search.

### The bounds, and the tests that hold them

| What is bounded | Limit | Past it | Held by |
|---|---|---|---|
| The wait or open time a shared chain-state entry can impose | 1 h from when it was written (\`SHARED_STATE_BOUNDS.maxWaitMs\`); the entry expires in Redis then | A longer \`Retry-After\` is clamped when stored; an entry past its bound is ignored and deleted | cache \`chain-state-bounds.test.ts\`: "a ten-year Retry-After is clamped when stored…", "an entry within its bounds but without expiry delays the provider at most the longest wait from its write", "a ten-year wait / a forged open time, written without expiry" |
| The numbers in an entry | Finite, in range: failures ≤ 1,000, openings ≤ 32, times within the longest wait of the write | The whole entry is ignored and deleted; nothing non-finite is written back | same file: "1e308", "NaN and Infinity", "a huge failure count", "NaN and Infinity are never written back…"; core \`chain/shared-state-bounds.test.ts\` |
| An entry's write time | At most 60 s ahead of the reader's clock (\`clockSkewMs\`); written by the Lua script | Ignored and deleted | same file: "a write time ten years ahead", "no write time" |
| An entry's \`provider\` | The provider its key names | Ignored: opens neither provider | same file: "an entry that names another provider opens neither" |
| A trial lease | Always set with an expiry, at most 120 s (\`maxTrialMs\`) | One without expiry, or longer, counts as expired and is taken over | same file: "a trial lease without expiry counts as expired…", "leases: a live one is respected…" |
| A hedge bucket (5 min) | 100,000 searches (\`maxBucketSearches\`), hedges never more than searches | Reset; the fleet's counts cut to two buckets' worth, share kept | same file: "a hedge counter of 4e15…"; core \`chain/shared-state-bounds.test.ts\` (\`readFleetUsage\`) |
| A chain-state value or hedge field | 2,048 characters (\`maxEntryChars\`), sized on the server (\`STRLEN\`/\`HSTRLEN\`) before it is read | Deleted unread, at every exchange of every worker | same file: "a 50 MB value is never downloaded…", "a 200 MB value and a 200 MB hedge field, at every exchange of several workers…" (bytes Redis sends counted) |
| A provider's answer, in bytes | 5 MB (\`maxBodyBytes\`) | \`provider_error\`, not read further | every provider's conformance suite: "stops reading a 100 MB answer at the 5 MB limit"; the hostile matrix's memory probe |
| A JSON answer's structure, before parsing | 64 levels, 50,000 items (\`JSON_SHAPE_LIMITS\`) | \`provider_error\` "… sent a response too complex to read", with no \`JSON.parse\` of it started (calls counted) | every JSON provider's conformance suite: "refuses an answer nested 10,000 deep…", "refuses an answer listing 50,000 results…" (OpenAI: 50,000 annotations); core \`json-shape.test.ts\`; tavily \`provider.test.ts\`: "a limit envelope nested 100,000 deep…" |
| Raw results cleaned | The first 200 of an answer (\`MAX_RAW_RESULTS\`) | The rest are not looked at | core \`result.test.ts\`: "looks at the first 200 raw results only…" (reads counted) |
| DuckDuckGo's HTML page | 20,000 tags, 100 results | Read no further | duckduckgo \`test/parsing.test.ts\`: "parseHtmlPage on hostile pages…"; its conformance suite: "reads a 4 MB page of markup nested 500,000 deep, or of thousands of results…" |
| Citations an LLM vendor's answer may carry | The first 256, over 64,000 characters of answer text | The rest ignored; a tag a citation index splits is cut | openai \`provider.test.ts\`: "50,000 citations: the first 256 are read…", "a citation index inside a tag leaves no tag opening in the snippet" |
| The event loop and memory for one hostile answer | ≤ 50 ms longest hold, RSS growth ≤ the body limit + 50 MB | The figure misses its goal | bench \`hostile-answers\` figure (measured; tests count work instead) |
| A stored finding (memory) | 64 K characters of JSON, written so (\`fitForStorage\`) and read so (\`GET\` only under 192 KB) | The writer drops facts, then sources, from the end; a reader skips a longer value unread | memory \`finding.test.ts\`: "drops facts, then sources…"; \`store-bounds.test.ts\`: "a finding value of 50 MB is never downloaded by a recall", "facts at every field limit… every bot recalls them all" |
| A source URL | 2,048 characters once percent-encoded (core's \`cleanUrl\`) | Refused on write and on read: every bot recalls the same | core \`result.test.ts\`: "checks the 2,048-character limit on the URL as written out…"; memory \`store-bounds.test.ts\`: "a source URL over 2,048 characters once encoded is refused on write…" |
| Trace counts read | The known fields only (kinds × outcomes), counts up to 10¹², from at most 1,000 bots, summed on the server | Other fields never leave Redis | memory \`store-bounds.test.ts\`: "a trace hash of 500,000 fields is not read whole…" |
| An MCP request body | 1 MiB | 413 before the body is read (with or without \`Content-Length\`) | mcp \`test/http.test.ts\`: "answers 413 to an oversized Content-Length before reading the body…" |
| Hidden text on a page \`read_page\` reads | Off-screen, \`font-size:0\`, \`opacity:0\` and same-colour text is hidden text | Dropped from the page's text | reader \`test/hiding-style.test.ts\` (\`hidingOf\`) |
| Addresses the page reader may fetch | Public only, whatever the spelling (\`::1:0:0:0\`, \`::ffff:ffff:7f00:1\` are not) | Refused before connecting | reader \`test/address-policy.test.ts\` |
`;
