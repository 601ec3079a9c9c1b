import { createSearchClient } from '@agent-search/core';
import type { ProviderSimulator } from '@agent-search/testing/simulator';
import { DuckDuckGoSearch } from '@langchain/community/tools/duckduckgo_search';
import duckDuckScrape from 'duck-duck-scrape';
import { type Figure, fmt } from '../figure.ts';
import { median, percentile, timed } from '../stats.ts';
import { duckDuckGo, query } from '../upstreams.ts';

const WARMUP = 30;

/**
 * Figure 1: what our client adds to a DuckDuckGo search. Each round calls, in turn, duck-duck-scrape
 * directly, our client on the same d.js backend (cache off), our client on its default HTML backend, and
 * LangChain's DuckDuckGoSearch tool, all against the same healthy simulator.
 */
export async function overheadFigure(sim: ProviderSimulator, rounds: number): Promise<Figure> {
  // No simulated latency: what our client adds is measured against the bare request, not diluted by a wait.
  const latencyMs = 0;
  sim.reset();
  sim.configure('duckduckgo', { latency: { kind: 'fixed', ms: latencyMs } });
  const oursDjs = createSearchClient({ providers: [duckDuckGo(sim, ['djs'])] });
  const oursHtml = createSearchClient({ providers: [duckDuckGo(sim)] });
  const langchain = new DuckDuckGoSearch({ maxResults: 5 });
  const contenders = {
    direct: (q: string) => duckDuckScrape.search(q, undefined, { agent: sim.agent }),
    ours: (q: string) => oursDjs.search({ query: q }),
    oursHtml: (q: string) => oursHtml.search({ query: q }),
    langchain: (q: string) => langchain.invoke(q),
  };
  const times: Record<keyof typeof contenders, number[]> = {
    direct: [],
    ours: [],
    oursHtml: [],
    langchain: [],
  };
  for (let round = 0; round < WARMUP + rounds; round++) {
    for (const [name, run] of Object.entries(contenders) as [
      keyof typeof contenders,
      (q: string) => Promise<unknown>,
    ][]) {
      const { ms } = await timed(() => run(query(round)));
      if (round >= WARMUP) times[name].push(ms);
    }
  }
  const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)])) as Record<
    keyof typeof contenders,
    number
  >;
  const ratio = m.ours / m.direct;
  const addedMs = m.ours - m.direct;
  return {
    id: 'overhead',
    title: '1. Overhead over a direct duck-duck-scrape call',
    method: `${rounds} rounds after ${WARMUP} warm-up rounds; each round runs every contender once, in turn, on a new query. The simulator answers every DuckDuckGo request at once (${latencyMs} ms simulated latency), so nothing dilutes what the client adds. "Ours (d.js)" uses the same endpoint as duck-duck-scrape (vqd page, then d.js: two requests); our default HTML backend needs one.`,
    checks: [
      {
        name: 'Overhead: our median / direct median',
        value: `${fmt.ratio(ratio)} (${fmt.ms(m.ours)} vs ${fmt.ms(m.direct)})`,
        target: '≤ 1.1×',
        met: ratio <= 1.1,
      },
      {
        name: 'Overhead: added per search (median difference)',
        value: `${addedMs.toFixed(2)} ms`,
        target: '≤ 0.5 ms',
        met: addedMs <= 0.5,
      },
    ],
    charts: [
      {
        unit: 'ms (median)',
        bars: [
          { label: 'duck-duck-scrape direct', value: m.direct, ours: false },
          { label: 'ours, d.js backend', value: m.ours, ours: true },
          { label: 'ours, default HTML backend', value: m.oursHtml, ours: true },
          { label: 'LangChain DuckDuckGoSearch', value: m.langchain, ours: false },
        ],
      },
    ],
    details: [
      [
        'duck-duck-scrape direct: median / p95',
        `${fmt.ms(m.direct)} / ${fmt.ms(percentile(times.direct, 95))}`,
      ],
      ['ours (d.js): median / p95', `${fmt.ms(m.ours)} / ${fmt.ms(percentile(times.ours, 95))}`],
      [
        'ours (default HTML backend): median / p95',
        `${fmt.ms(m.oursHtml)} / ${fmt.ms(percentile(times.oursHtml, 95))}`,
      ],
      [
        'LangChain DuckDuckGoSearch: median / p95',
        `${fmt.ms(m.langchain)} / ${fmt.ms(percentile(times.langchain, 95))}`,
      ],
      ['ours (d.js) added per search (median difference)', fmt.ms(m.ours - m.direct)],
    ],
  };
}
