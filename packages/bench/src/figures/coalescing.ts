import { withCache } from '@agent-search/cache';
import { createSearchClient } from '@agent-search/core';
import type { ProviderSimulator } from '@agent-search/testing/simulator';
import { DuckDuckGoSearch } from '@langchain/community/tools/duckduckgo_search';
import type { Figure } from '../figure.ts';
import { duckDuckGo } from '../upstreams.ts';

const CALLERS = 100;

async function upstreamCalls(sim: ProviderSimulator, search: () => Promise<unknown>): Promise<number> {
  sim.resetStats();
  await Promise.all(Array.from({ length: CALLERS }, search));
  return sim.calls('duckduckgo');
}

/**
 * Figure 5: 100 identical searches at once (a popular question asked by many agents at the same moment).
 * The simulator answers after 50 ms, so every caller arrives while the first search is in flight.
 */
export async function coalescingFigure(sim: ProviderSimulator): Promise<Figure> {
  sim.reset();
  sim.configure('duckduckgo', { latency: { kind: 'fixed', ms: 50 } });
  const q = 'heat pump cold climate coalesced';
  const cached = withCache(createSearchClient({ providers: [duckDuckGo(sim)] }), { rateLimits: false });
  const ours = await upstreamCalls(sim, () => cached.search({ query: q }));
  const bare = createSearchClient({ providers: [duckDuckGo(sim)] });
  const oursWithoutCache = await upstreamCalls(sim, () => bare.search({ query: q }));
  const langchain = new DuckDuckGoSearch({ maxResults: 5 });
  const langchainCalls = await upstreamCalls(sim, () => langchain.invoke(q));
  return {
    id: 'coalescing',
    title: '5. Coalescing: 100 identical searches at once',
    method: `${CALLERS} concurrent identical searches; upstream calls counted by the simulator (every DuckDuckGo request: the HTML endpoint is one per search, duck-duck-scrape's vqd page + d.js two).`,
    checks: [
      {
        name: 'Coalescing: upstream calls for 100 identical searches',
        value: String(ours),
        target: '1',
        met: ours === 1,
      },
    ],
    charts: [
      {
        unit: 'upstream calls',
        bars: [
          { label: 'ours (withCache)', value: ours, ours: true },
          { label: 'ours without the cache', value: oursWithoutCache, ours: true },
          { label: 'LangChain DuckDuckGoSearch', value: langchainCalls, ours: false },
        ],
      },
    ],
    details: [
      ['ours, withCache', `${ours} call(s)`],
      ['ours, client without the cache', `${oursWithoutCache} calls`],
      [
        'LangChain DuckDuckGoSearch',
        `${langchainCalls} calls (${langchainCalls / CALLERS} per search: vqd page, then d.js)`,
      ],
    ],
  };
}
