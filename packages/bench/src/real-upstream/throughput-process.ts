// The measuring process of the throughput figure (started by `measureIn`): searches per second at each
// level in flight, ours and duck-duck-scrape in blocks taking turns, against DuckDuckGo's real host names
// (resolved to the simulated upstream). Answers `{ result: ThroughputSamples }`.
import { createSearchClient } from '@agent-search/core';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';
import duckDuckScrape from 'duck-duck-scrape';
import { runConcurrent } from '../stats.ts';
import { query } from '../upstreams.ts';

export const THROUGHPUT_CONTENDERS = ['direct', 'ours'] as const;
export type ThroughputContender = (typeof THROUGHPUT_CONTENDERS)[number];

export interface ThroughputInput {
  runs: number;
  /** In flight → searches a run holds at that level. */
  levels: Record<number, number>;
}

/** One contender's run at one level: time spent in its blocks, searches answered with results, the others. */
export interface Measured {
  seconds: number;
  answered: number;
  failed: number;
}

export type ThroughputSamples = Record<number, Record<ThroughputContender, Measured>[]>;

// Blocks a run is cut into at most, and the fewest rounds of `level` searches one block holds.
const MAX_BLOCKS = 6;
const ROUNDS_PER_BLOCK = 10;

/** A run of `searches` at `level` in flight cut into blocks (sizes), each at least ten rounds of `level`. */
export function blocksOf(level: number, searches: number): number[] {
  const count = Math.max(1, Math.min(MAX_BLOCKS, Math.floor(searches / (level * ROUNDS_PER_BLOCK))));
  return Array.from(
    { length: count },
    (_, b) => Math.floor(((b + 1) * searches) / count) - Math.floor((b * searches) / count),
  );
}

// What a user makes: the default client over the default provider and transport, and duck-duck-scrape's
// `search` with its defaults; both reach DuckDuckGo's hosts by name.
const client = createSearchClient({ providers: [createDuckDuckGoProvider()] });
const CALL: Record<ThroughputContender, (q: string) => Promise<number>> = {
  direct: async (q) => (await duckDuckScrape.search(q)).results.length,
  ours: async (q) => (await client.search({ query: q })).results.length,
};
const gc = (globalThis as { gc?: () => void }).gc;
let serial = 0;

async function block(name: ThroughputContender, inFlight: number, searches: number, into: Measured) {
  gc?.();
  const queries = Array.from({ length: searches }, () => query(serial++, `throughput ${name}`));
  const started = performance.now();
  const found = await runConcurrent(searches, inFlight, (i) => CALL[name](queries[i]!).catch(() => 0));
  into.seconds += (performance.now() - started) / 1000;
  const answered = found.filter((n) => n > 0).length;
  into.answered += answered;
  into.failed += searches - answered;
}

const empty = (): Measured => ({ seconds: 0, answered: 0, failed: 0 });

async function measure(input: ThroughputInput): Promise<ThroughputSamples> {
  const samples: ThroughputSamples = {};
  for (const [level, searches] of Object.entries(input.levels).map(([l, n]) => [Number(l), n] as const)) {
    // Warm-up at this level: each contender opens the connections it needs and compiles its path.
    for (const name of THROUGHPUT_CONTENDERS)
      await block(name, level, Math.min(searches, Math.max(level, 50)), empty());
    const blocks = blocksOf(level, searches);
    samples[level] = [];
    for (let r = 0; r < input.runs; r++) {
      const run = { direct: empty(), ours: empty() };
      // The contenders take turns block by block, the order alternating, so noise falls on both.
      for (let b = 0; b < blocks.length; b++) {
        const order = (r + b) % 2 === 0 ? THROUGHPUT_CONTENDERS : [...THROUGHPUT_CONTENDERS].reverse();
        for (const name of order) await block(name, level, blocks[b]!, run[name]);
      }
      samples[level].push(run);
    }
  }
  return samples;
}

process.once('message', (input: ThroughputInput) => {
  measure(input).then(
    (result) => process.send!({ result }),
    (error: unknown) => process.send!({ error: error instanceof Error ? error.stack : String(error) }),
  );
});
