// The measuring process of the search figure (started by `measureIn`): each round runs every contender
// once, in turn, on a new query, against DuckDuckGo's real host names (resolved to the simulated
// upstream). Answers `{ result: SearchSamples }`.
import { createSearchClient } from '@agent-search/core';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';
import { DuckDuckGoSearch } from '@langchain/community/tools/duckduckgo_search';
import duckDuckScrape from 'duck-duck-scrape';
import { query } from '../upstreams.ts';

export const SEARCH_CONTENDERS = ['direct', 'ours', 'oursDjs', 'langchain'] as const;
export type SearchContender = (typeof SEARCH_CONTENDERS)[number];

export interface SearchInput {
  runs: number;
  rounds: number;
  warmup: number;
}

/** Per run, per contender: wall and CPU milliseconds of each search, and searches that found nothing. */
export interface SearchSamples {
  runs: { wall: Record<SearchContender, number[]>; cpu: Record<SearchContender, number[]> }[];
  failed: Record<SearchContender, number>;
}

// Each contender with what a user writes: no base URL, no agent, no fetch; the host names are DuckDuckGo's.
const ours = createSearchClient({ providers: [createDuckDuckGoProvider()] });
const oursDjs = createSearchClient({ providers: [createDuckDuckGoProvider({ textBackends: ['djs'] })] });
const langchain = new DuckDuckGoSearch({ maxResults: 5 });
const CALL: Record<SearchContender, (q: string) => Promise<number>> = {
  direct: async (q) => (await duckDuckScrape.search(q)).results.length,
  ours: async (q) => (await ours.search({ query: q })).results.length,
  oursDjs: async (q) => (await oursDjs.search({ query: q })).results.length,
  langchain: async (q) => JSON.parse(await langchain.invoke(q)).length,
};

const empty = () =>
  Object.fromEntries(SEARCH_CONTENDERS.map((n) => [n, [] as number[]])) as Record<SearchContender, number[]>;

async function measure(input: SearchInput): Promise<SearchSamples> {
  const samples: SearchSamples = {
    runs: [],
    failed: Object.fromEntries(SEARCH_CONTENDERS.map((n) => [n, 0])) as Record<SearchContender, number>,
  };
  let round = 0;
  for (let r = -1; r < input.runs; r++) {
    // Run -1 is the warm-up: connections open, code compiled.
    const run = { wall: empty(), cpu: empty() };
    for (let i = 0; i < (r < 0 ? input.warmup : input.rounds); i++, round++) {
      for (const name of SEARCH_CONTENDERS) {
        const cpu = process.cpuUsage();
        const started = performance.now();
        const found = await CALL[name](query(round)).catch(() => 0);
        const ms = performance.now() - started;
        const used = process.cpuUsage(cpu);
        if (r < 0) continue;
        if (found === 0) samples.failed[name]++;
        run.wall[name].push(ms);
        run.cpu[name].push((used.user + used.system) / 1000);
      }
    }
    if (r >= 0) samples.runs.push(run);
  }
  return samples;
}

process.once('message', (input: SearchInput) => {
  measure(input).then(
    (result) => process.send!({ result }),
    (error: unknown) => process.send!({ error: error instanceof Error ? error.stack : String(error) }),
  );
});
