import { createSearchClient, searchMultiSource } from '@agent-search/core';
import type { LatencyDistribution, ProviderSimulator } from '@agent-search/testing/simulator';
import { type Figure, fmt } from '../figure.ts';
import { median, percentile, runConcurrent, timed } from '../stats.ts';
import { duckDuckGo, query, tavily } from '../upstreams.ts';

// Two providers of similar speed, each with some spread: a merged answer waits for the slower of the two.
const DUCKDUCKGO: LatencyDistribution = { kind: 'lognormal', medianMs: 120, sigma: 0.4 };
const TAVILY: LatencyDistribution = { kind: 'normal', meanMs: 150, sdMs: 30 };
const CONCURRENCY = 8;

/**
 * A multi-source answer (DuckDuckGo and Tavily asked at once, merged by reciprocal rank fusion) against
 * a single-provider answer (DuckDuckGo alone) on the same simulated providers in the same run. Upstream
 * calls are counted from the simulator's own log.
 */
export async function multiSourceFigure(sim: ProviderSimulator, count: number): Promise<Figure> {
  const run = async (multi: boolean) => {
    sim.reset();
    sim.configure('duckduckgo', { latency: DUCKDUCKGO });
    sim.configure('tavily', { latency: TAVILY });
    const client = createSearchClient({ providers: [duckDuckGo(sim), tavily(sim)] });
    let merged = 0;
    const times = await runConcurrent(count, CONCURRENCY, async (i) => {
      const input = { query: query(i, multi ? 'multi source' : 'single source') };
      const { ms, value } = await timed(() =>
        multi ? searchMultiSource(client, input) : client.search(input),
      );
      if (multi && 'providers' in value && (value.providers as string[]).length === 2) merged++;
      return ms;
    });
    return { times, merged, calls: sim.calls('duckduckgo') + sim.calls('tavily') };
  };
  const single = await run(false);
  const multi = await run(true);
  const ratio = median(multi.times) / median(single.times);
  const p95Ratio = percentile(multi.times, 95) / percentile(single.times, 95);
  return {
    id: 'multi-source',
    title: 'Multi-source answers against a single provider',
    method: `${count} searches per setting, ${CONCURRENCY} at a time, on the simulator. DuckDuckGo: lognormal latency, median 120 ms, sigma 0.4; Tavily: 150 ± 30 ms. Single: the client's answer (DuckDuckGo). Multi-source: searchMultiSource asks both at once and merges; it waits for both (no deadlineMs).`,
    checks: [
      {
        name: 'Multi-source / single-provider answer latency (medians)',
        value: `${fmt.ratio(ratio)} (${fmt.ms(median(multi.times))} vs ${fmt.ms(median(single.times))})`,
        target: '≤ 1.5×',
        met: ratio <= 1.5,
        ...(ratio > 1.5
          ? { why: 'waiting for the slower of two providers cost more than half a single answer' }
          : {}),
      },
      {
        name: 'Multi-source: answers merged from both providers',
        value: `${multi.merged} / ${count} (${multi.calls} upstream calls vs ${single.calls} single)`,
        target: `${count} / ${count}`,
        met: multi.merged === count,
      },
    ],
    charts: [
      {
        unit: 'ms',
        bars: [
          { label: 'p50 single', value: median(single.times), ours: false },
          { label: 'p50 multi-source', value: median(multi.times), ours: true },
          { label: 'p95 single', value: percentile(single.times, 95), ours: false },
          { label: 'p95 multi-source', value: percentile(multi.times, 95), ours: true },
        ],
      },
    ],
    details: [
      ['single: p50 / p95 / p99', [50, 95, 99].map((p) => fmt.ms(percentile(single.times, p))).join(' / ')],
      [
        'multi-source: p50 / p95 / p99',
        [50, 95, 99].map((p) => fmt.ms(percentile(multi.times, p))).join(' / '),
      ],
      ['p95 ratio', fmt.ratio(p95Ratio)],
    ],
  };
}
