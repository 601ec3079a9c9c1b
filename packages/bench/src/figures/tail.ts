import { createSearchClient, type HedgeOptions } from '@agent-search/core';
import type { LatencyDistribution, ProviderSimulator } from '@agent-search/testing/simulator';
import { type Figure, fmt } from '../figure.ts';
import { percentile, runConcurrent, timed } from '../stats.ts';
import { duckDuckGo, query, tavily } from '../upstreams.ts';

const PRIMARY: LatencyDistribution = { kind: 'lognormal', medianMs: 100, sigma: 1.2 };
const SECONDARY: LatencyDistribution = { kind: 'normal', meanMs: 100, sdMs: 15 };
// About the primary's p92 (100 ms × e^(1.2 × 1.41) ≈ 540 ms): hedges are wanted on fewer searches than
// the 10% budget allows, so the budget never has to refuse one.
const HEDGE: HedgeOptions = { delayMs: 500, budget: 0.1 };
const CONCURRENCY = 24;

async function run(sim: ProviderSimulator, count: number, hedge: HedgeOptions | undefined, label: string) {
  sim.reset();
  sim.configure('duckduckgo', { latency: PRIMARY });
  sim.configure('tavily', { latency: SECONDARY });
  const client = createSearchClient({
    providers: [duckDuckGo(sim), tavily(sim)],
    ...(hedge ? { hedge } : {}),
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
 * p99 ≈ 1.6 s) and a steady secondary as fast as the primary's median; hedging starts the secondary when
 * the primary has not answered after 500 ms. Hedged p99 ≈ delay + secondary latency, so the gain
 * depends on how fast the secondary is against the primary's tail.
 */
export async function tailFigure(sim: ProviderSimulator, count: number): Promise<Figure> {
  const off = await run(sim, count, undefined, 'tail off');
  const on = await run(sim, count, HEDGE, 'tail on');
  const p99Off = percentile(off.times, 99);
  const p99On = percentile(on.times, 99);
  const ratio = p99On / p99Off;
  const callsOff = off.primaryCalls + off.secondaryCalls;
  const callsOn = on.primaryCalls + on.secondaryCalls;
  const extra = (callsOn - callsOff) / count;
  return {
    id: 'tail',
    title: '4. Heavy-tailed primary: hedging on and off',
    method: `${count} searches per setting, ${CONCURRENCY} at a time. Primary DuckDuckGo: lognormal latency, median ${PRIMARY.kind === 'lognormal' ? PRIMARY.medianMs : 0} ms, sigma 1.2. Secondary Tavily: 100 ± 15 ms. Hedge: { delayMs: ${HEDGE.delayMs}, budget: ${HEDGE.budget} } (at most 10% of searches, plus one, may start a hedge).`,
    checks: [
      {
        name: 'Tail: p99 hedged / unhedged',
        value: `${fmt.ratio(ratio)} (${fmt.ms(p99On)} vs ${fmt.ms(p99Off)})`,
        target: '≤ 0.5×',
        met: ratio <= 0.5,
      },
      {
        name: 'Tail: extra upstream calls with hedging',
        value: `${fmt.pct(extra)} (${callsOn} vs ${callsOff} calls)`,
        target: '≤ 10%',
        met: extra <= 0.1,
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
