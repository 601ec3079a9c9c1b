import { SIMULATOR_FAULTS } from '@agent-search/testing/simulator';
import { MATRIX_ATTEMPT_MS, type MatrixCell } from './fault-matrix.ts';
import { fmt } from './figure.ts';
import { HOSTILE_INPUT_SECTION } from './hostile-input.ts';
import { HOSTILE_UPSTREAMS_SECTION } from './hostile-upstreams.ts';
import { DEFAULT_LOAD, type LoadReport } from './load.ts';
import { markdownTable, type RunInfo } from './report.ts';
import { SHARED_STATE_SECTION } from './shared-state-model.ts';

const FAULTS: Record<string, string> = {
  rate_limited: 'HTTP 429 with the API’s error body',
  anomaly:
    'DuckDuckGo’s bot challenge (HTML endpoint: 202 challenge page; d.js: anomaly block; vqd page: challenge page without a token; news/videos: 403); Tavily and Exa: a WAF’s 403 page',
  server_error: 'HTTP 503 with the endpoint’s error body (d.js: DuckDuckGo’s `is506` body)',
  hang: 'request read, never answered',
  reset: 'connection reset (TCP RST) instead of an answer',
  malformed: 'HTTP 200 with a body cut in half, markup without results, or a vqd page without a token',
};

function loadSection(load: LoadReport): string {
  const o = DEFAULT_LOAD;
  const accepted = load.searches - load.refused;
  const failed = Object.entries(load.failed)
    .sort((a, b) => b[1] - a[1])
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
  const failedTotal = Object.values(load.failed).reduce((sum, n) => sum + (n ?? 0), 0);
  return `## Load

${load.searches.toLocaleString('en-US')} searches, ${o.concurrency} at a time, through \`withCache\` (memory store, per-user limit
${o.perUserLimit} over the run) and the chain DuckDuckGo → Tavily → Exa on the simulator, every provider with faults mixed
in (DuckDuckGo: 3% 429, 2% challenge, 3% 503, 2% malformed, 2% reset, 1% hang; Tavily: 5% 503, 2% 429, 1% hang;
Exa: 5% 429, 2% malformed, 2% reset), the client's default limits (4 s a provider, 8 s a search: with the
simulator in the same process at 200 in flight, shorter limits measure the machine's own timer lag), breaker
open times shortened to 50 ms–1 s so faults stay in play. ${o.users} users send ${o.userSearches / o.users} distinct searches each;
${o.anonymousSearches} searches without a user id repeat ${o.popularQueries} popular queries (cache hits and coalescing).

${markdownTable(
  ['Measurement', 'Value'],
  [
    ['duration', `${(load.durationMs / 1000).toFixed(1)} s`],
    ['answered', String(load.answered)],
    [
      'refused by the per-user limit',
      `${load.refused} (every user got exactly ${o.perUserLimit} through: ${load.inexactUsers.length === 0 ? 'yes' : `no, ${load.inexactUsers.length} users differ`})`,
    ],
    [
      'failed with a code (accepted searches every provider failed)',
      `${failed || 'none'} (${fmt.pct(failedTotal / accepted)} of accepted searches)`,
    ],
    [
      'answered share of accepted searches: ours / plain loop / ceiling',
      `${fmt.pct(load.answered / accepted)} / ${fmt.pct(load.loop.answered / load.loop.searches)} (${load.loop.searches} searches) / ${fmt.pct(load.ceiling)}`,
    ],
    [
      'failure share per provider, as the plain loop met it (DuckDuckGo / Tavily / Exa)',
      `${fmt.pct(load.loop.failureShare.duckduckgo)} / ${fmt.pct(load.loop.failureShare.tavily)} / ${fmt.pct(load.loop.failureShare.exa)}`,
    ],
    ['failed without a known code', String(load.unexplained.length)],
    ['unhandled rejections', String(load.unhandledRejections)],
    [
      'upstream calls (DuckDuckGo / Tavily / Exa)',
      `${load.upstreamCalls.duckduckgo} / ${load.upstreamCalls.tavily} / ${load.upstreamCalls.exa}`,
    ],
    ['peak RSS / peak heap used', `${fmt.mb(load.peakRssBytes)} / ${fmt.mb(load.peakHeapBytes)}`],
    [
      'heap kept after the run (after full garbage collection)',
      load.retainedHeapGrowthBytes === undefined
        ? 'not measured (run with node --expose-gc)'
        : `${fmt.mb(load.retainedHeapGrowthBytes)} (the cache's 1,000 entries included)`,
    ],
  ],
)}

The plain loop ran right after the load on the same simulator and faults, ${o.loopSearches.toLocaleString('en-US')} searches ${o.loopConcurrency} at a
time like the load (in this one process the load itself delays answers, so the loop meets the same queueing):
it asks DuckDuckGo, then Tavily, then Exa, each with the same 4 s limit, until one answers.
The ceiling is 1 − the product of the three providers' configured fault shares. The peak heap is garbage
waiting for collection under 200 searches in flight: what the run keeps is the line above.`;
}

/** docs/reliability.md. */
export function reliabilityMarkdown(cells: MatrixCell[], load: LoadReport, info: RunInfo): string {
  const matrix = markdownTable(
    ['Provider', ...SIMULATOR_FAULTS],
    [...new Set(cells.map((c) => c.row))].map((row) => [
      row.provider,
      ...SIMULATOR_FAULTS.map((fault) => {
        const c = cells.find((x) => x.row === row && x.fault === fault);
        return c ? `\`${c.outcome}\` · ${Math.round(c.ms)} ms` : '–';
      }),
    ]),
  );
  const messages = markdownTable(
    ['Provider', 'Fault', 'Code', 'Message', 'Upstream calls'],
    cells.map((c) => [c.row.provider, c.fault, c.outcome, c.message, String(c.upstreamCalls)]),
  );
  return `# Reliability

<!-- Generated by packages/bench (pnpm bench): edit the code there, not this file. -->

How agent-search behaves when providers misbehave, measured against the provider simulator of
\`@agent-search/testing\` (loopback only). Generated by \`pnpm bench\` on ${info.date} UTC (Node ${info.node},
${info.cores} × ${info.cpu}).

## The reliability harness

\`packages/bench/test/*.test.ts\` run with the other tests (\`pnpm test\`), or alone with
\`npx vitest run --project bench\`:

- **Property tests** (fast-check): arbitrary arguments through the LiveKit tool's \`execute\`, arbitrary request
  inputs through the client, and arbitrary mutations of every provider payload (fields dropped, wrong types,
  huge strings, markup and control characters, bodies cut short) served by the simulator. Each run must end
  before its deadline, with results that satisfy the result contract (an http(s) URL, a non-empty title, every
  field within its limit, no control characters) or a \`SearchError\` with a known code.
  They start from a fixed seed so that every CI run gives the same verdict; \`FC_SEED=random\` explores new
  cases (\`FC_SEED=random npx vitest run --project bench\`) and \`FC_SEED=<n>\` replays the seed a failure printed.
- **Load test**: the run described under [Load](#load), asserting that every search is answered or fails with a
  known code, the share answered is within 1 point of a plain loop over the same providers and of the ceiling
  (both measured in the same run), no promise rejection goes unhandled, every user gets exactly its limit
  through, and memory stays bounded.
- **Availability matrix** (\`test/availability.test.ts\`): three in-process providers failing independently
  (\`unavailable\`, \`provider_error\` or an isolated \`rate_limited\` at 1–20%, 1 to 200 searches in flight):
  the client and \`withCache\` answer within 1 point of a plain loop on the same faults; a primary that hangs on
  5% of requests costs no search and p99 ≤ 1.5 s; a primary with a per-second quota still answers at least
  half what the loop gets from it, with at most half the loop's over-quota requests.
- **Fault matrix**: the table below, with each provider's mapping asserted.

## Fault matrix

One search per cell through a client holding only that provider (attempt timeout ${MATRIX_ATTEMPT_MS} ms), the
fault applied to every request of the named endpoints: the error code the caller sees, and how long it took.

${markdownTable(
  ['Fault', 'What the simulator does'],
  SIMULATOR_FAULTS.map((f) => [f, FAULTS[f]!]),
)}

${matrix}

What the codes mean for the chain (see [chain.md](chain.md#the-breaker)): \`rate_limited\` with a Retry-After
holds the provider back for that wait, without one it lowers the provider's send rate; \`blocked\` opens its
breaker for 5 minutes, \`unauthorized\` and \`quota_exceeded\` for an hour; \`timeout\` makes it suspect (tried
after the others) at once; \`timeout\`, \`unavailable\` and \`provider_error\` open the breaker only when they are
the norm (5 in a row, or half of 10 or more calls in 30 s), for 1 s doubling up to a minute.

Worth knowing:
- The DuckDuckGo provider makes every request itself (HTML endpoint, vqd token page, d.js, news.js, v.js) and
  maps each status exactly: a reset is \`unavailable\`, a 429 \`rate_limited\`, a challenge \`blocked\`, a 5xx
  or d.js's \`is506\` body \`unavailable\`.
- Tavily and Exa map any 403 to \`unauthorized\`, so a WAF block page opens their breaker for an hour.
- A hang costs one attempt timeout; the DuckDuckGo provider does not try its second backend inside the same
  attempt once the attempt's time is up.

<details><summary>Every cell's message</summary>

${messages}

</details>

${loadSection(load)}
${HOSTILE_UPSTREAMS_SECTION}
${HOSTILE_INPUT_SECTION}
${SHARED_STATE_SECTION}`;
}
