import { createSearchClient } from '@agent-search/core';
import type { LatencyDistribution, ProviderSimulator } from '@agent-search/testing/simulator';
import { type Figure, fmt, RUNS } from '../figure.ts';
import { percentile, runConcurrent, timed } from '../stats.ts';
import { duckDuckGo, query, tavily } from '../upstreams.ts';

const PRIMARY: LatencyDistribution = { kind: 'lognormal', medianMs: 100, sigma: 1.2 };
const SECONDARY: LatencyDistribution = { kind: 'normal', meanMs: 100, sdMs: 15 };
const CONCURRENCY = 24;
/** The first run's simulator seed; run `r` uses `SEED + r`. */
const SEED = 4_000;

/**
 * One setting's searches. `seed` restarts the simulator's draws: the settings of a run see the same primary
 * latencies, request for request (common random numbers), so their p99s differ by the hedging, not by the
 * luck of two draws of a tail; each run has its own seed.
 */
async function run(sim: ProviderSimulator, count: number, hedge: boolean, label: string, seed: number) {
  sim.reset(seed);
  sim.configure('duckduckgo', { latency: PRIMARY });
  sim.configure('tavily', { latency: SECONDARY });
  const client = createSearchClient({
    // One DuckDuckGo backend (HTML): its internal hand-over to d.js would add its own calls and latency
    // draws, and the figure is about the chain's hedging against one slow-tailed upstream.
    providers: [duckDuckGo(sim, ['html']), tavily(sim)],
    // The default is adaptive hedging; `false` turns it off.
    ...(hedge ? {} : { hedge: false as const }),
  });
  const times = await runConcurrent(
    count,
    CONCURRENCY,
    async (i) => (await timed(() => client.search({ query: query(i, label) }))).ms,
  );
  return { times, primaryCalls: sim.calls('duckduckgo'), secondaryCalls: sim.calls('tavily') };
}

/**
 * Figure 4: a primary with a heavy latency tail (lognormal, median 100 ms, sigma 1.2: p90 ≈ 470 ms,
 * p99 ≈ 1.6 s) and a steady secondary as fast as the primary's median; default hedging starts the secondary
 * when the primary is slower than the percentile its budget pays for (the 91.2th). Hedged p99 ≈ that
 * percentile + the secondary's latency. Measured `RUNS` times, unhedged and hedged in turn on the same draws;
 * the verdict is on the worst run.
 */
export async function tailFigure(sim: ProviderSimulator, count: number): Promise<Figure> {
  const runs = [];
  for (let r = 0; r < RUNS; r++) {
    const off = await run(sim, count, false, `tail off ${r}`, SEED + r);
    const on = await run(sim, count, true, `tail on ${r}`, SEED + r);
    const callsOff = off.primaryCalls + off.secondaryCalls;
    const callsOn = on.primaryCalls + on.secondaryCalls;
    runs.push({
      off,
      on,
      p99Off: percentile(off.times, 99),
      p99On: percentile(on.times, 99),
      ratio: percentile(on.times, 99) / percentile(off.times, 99),
      callsOff,
      callsOn,
      extra: (callsOn - callsOff) / count,
    });
  }
  const worst = runs.reduce((a, b) => (b.ratio > a.ratio ? b : a));
  const mostCalls = runs.reduce((a, b) => (b.extra > a.extra ? b : a));
  const { off, on, p99Off, p99On } = worst;
  return {
    id: 'tail',
    title: '4. Heavy-tailed primary: hedging on and off',
    method: `${RUNS} runs of ${count} searches per setting, ${CONCURRENCY} at a time, unhedged then hedged, each setting of a run on the same simulator draws (the simulator reseeded, each endpoint its own stream: the same primary latencies request for request), each run on its own seed; the verdict is on the worst run. Primary DuckDuckGo: lognormal latency, median ${PRIMARY.kind === 'lognormal' ? PRIMARY.medianMs : 0} ms, sigma 1.2. Secondary Tavily: 100 ± 15 ms. Hedged: the client's default, adaptive hedging (the next provider starts when the running one is slower than the 91.2th percentile of its last 1024 times, attempts given up past it counted at the time they had run and attempts still running past it at the time they have run so far; at most 10% of searches, plus one, may start a hedge). Unhedged: hedge: false. Upstream calls are counted by the simulator, per provider. Charts and details: the worst run.`,
    checks: [
      {
        name: 'Tail: p99 hedged / unhedged',
        value: `${fmt.ratios(runs.map((r) => r.ratio))}; p99s ${runs.map((r) => `${fmt.ms(r.p99On)} vs ${fmt.ms(r.p99Off)}`).join(', ')}`,
        target: '≤ 0.5× every run',
        met: worst.ratio <= 0.5,
        ...(worst.ratio <= 0.5
          ? {}
          : {
              why: `in the worst run the hedged p99 was ${fmt.ms(p99On)}: hedges started at the primary's estimated 91.2th percentile (${fmt.ms(percentile(off.times, 91.2))} measured unhedged) plus the secondary's ~100 ms, while that run's unhedged p99 was only ${fmt.ms(p99Off)}; ${on.secondaryCalls} secondary calls (hedges, and searches sent past a suspect primary)`,
            }),
      },
      {
        name: 'Tail: extra upstream calls with hedging (simulator request log)',
        value: `${fmt.pct(mostCalls.extra)} worst of ${RUNS} (${runs.map((r) => fmt.pct(r.extra)).join(', ')}); ${mostCalls.callsOn} vs ${mostCalls.callsOff} calls`,
        target: '≤ 10% every run',
        met: mostCalls.extra <= 0.1,
      },
    ],
    charts: [
      {
        unit: 'ms',
        bars: [
          { label: 'p50 unhedged', value: percentile(off.times, 50), ours: false },
          { label: 'p50 hedged', value: percentile(on.times, 50), ours: true },
          { label: 'p99 unhedged', value: p99Off, ours: false },
          { label: 'p99 hedged', value: p99On, ours: true },
        ],
      },
    ],
    details: [
      ['unhedged: p50 / p95 / p99', [50, 95, 99].map((p) => fmt.ms(percentile(off.times, p))).join(' / ')],
      ['hedged: p50 / p95 / p99', [50, 95, 99].map((p) => fmt.ms(percentile(on.times, p))).join(' / ')],
      ['hedged: primary / secondary calls', `${on.primaryCalls} / ${on.secondaryCalls}`],
    ],
  };
}
