import { type Check, type Figure, fmt, RUNS } from '../figure.ts';
import { measureIn, type RealUpstreams } from '../real-upstream/index.ts';
import {
  blocksOf,
  type Measured,
  type ThroughputContender,
  type ThroughputInput,
  type ThroughputSamples,
} from '../real-upstream/throughput-process.ts';
import { median } from '../stats.ts';

/** Searches in flight at once → how many searches each contender runs at that level in one run. */
export type ThroughputLevels = Record<number, number>;

// At 1000 in flight a run is one burst of a thousand searches.
export const THROUGHPUT_LEVELS: ThroughputLevels = { 1: 300, 10: 300, 100: 500, 1000: 1_000 };

const WORKLOAD =
  'loopback HTTPS from an upstream process, real-shaped pages (a 44 kB HTML page, a 17 kB d.js) compressed as each client asks';

const rate = (m: Measured) => m.answered / m.seconds;

/** What a miss shows: failed searches, or rates that swing from run to run. */
function throughputWhy(runs: Record<ThroughputContender, Measured>[], searches: number): string {
  const reasons: string[] = [];
  const failedOurs = runs.reduce((sum, run) => sum + run.ours.failed, 0);
  if (failedOurs > 0)
    reasons.push(`${failedOurs} of our ${RUNS * searches} searches failed (they count against our rate)`);
  const swing = (name: ThroughputContender) => {
    const rates = runs.map((run) => rate(run[name]));
    return Math.max(...rates) / Math.min(...rates);
  };
  reasons.push(
    `between runs our rate varied ${fmt.ratio(swing('ours'))} and duck-duck-scrape's ${fmt.ratio(swing('direct'))} (max / min)`,
  );
  return reasons.join('; ');
}

/**
 * Figure: searches per second at 1, 10, 100 and 1000 in flight, our client with its defaults against
 * duck-duck-scrape called directly, on the real-shaped upstream (see `real-upstream/`), measured in a
 * process of their own. Each level is measured `RUNS` times; the ratio is of the same run's rates, the
 * verdict on the worst run.
 */
export async function throughputFigure(
  upstreams: RealUpstreams,
  levels: ThroughputLevels = THROUGHPUT_LEVELS,
): Promise<Figure> {
  const samples = await measureIn<ThroughputInput, ThroughputSamples>(
    upstreams,
    'compressed',
    './throughput-process.ts',
    { runs: RUNS, levels },
  );
  const rows: string[][] = [];
  const checks: Check[] = [];
  const bars: Figure['charts'][number]['bars'] = [];
  for (const [level, searches] of Object.entries(levels).map(([l, n]) => [Number(l), n] as const)) {
    const runs = samples[level]!;
    const ratios = runs.map((run) => rate(run.ours) / rate(run.direct));
    const ours = median(runs.map((run) => rate(run.ours)));
    const direct = median(runs.map((run) => rate(run.direct)));
    const failed = (name: ThroughputContender) => runs.reduce((sum, run) => sum + run[name].failed, 0);
    const worst = Math.min(...ratios);
    checks.push({
      name: `Throughput at ${level} in flight: ours / direct (answered searches per second)`,
      value: `${fmt.ratios(ratios, 'min')}; ${Math.round(ours)}/s vs ${Math.round(direct)}/s. Workload: ${WORKLOAD}.`,
      target: '≥ 0.95× every run',
      met: worst >= 0.95,
      ...(worst < 0.95 || failed('ours') > 0 ? { why: throughputWhy(runs, searches) } : {}),
    });
    rows.push([
      String(level),
      String(searches),
      String(blocksOf(level, searches).length),
      runs.map((run) => Math.round(rate(run.ours))).join(', '),
      runs.map((run) => Math.round(rate(run.direct))).join(', '),
      ratios.map(fmt.ratio).join(', '),
      `${failed('ours')} / ${failed('direct')}`,
    ]);
    bars.push(
      { label: `duck-duck-scrape direct, ${level} in flight`, value: direct, ours: false },
      { label: `ours (defaults), ${level} in flight`, value: ours, ours: true },
    );
  }
  return {
    id: 'throughput',
    title: 'Throughput against duck-duck-scrape',
    method: `Searches answered per second at 1, 10, 100 and 1000 searches in flight (a new query each; at 1000 a run is one burst of a thousand). Workload: ${WORKLOAD}, answering at once: the upstream of figure 1's "compressed" series, in a process of its own, reached by name from a measuring process of its own (DuckDuckGo's hosts resolved to it, its certificate trusted), so the upstream's work is in neither contender's time and each keeps its own HTTP stack. "Ours" is \`createSearchClient\` with its defaults over the default DuckDuckGo provider (the HTML page, one POST per search, sent over node:http and gzip-compressed) as a user makes it; "direct" is duck-duck-scrape's \`search\` (the vqd page, then d.js: two GETs per search, uncompressed, needle on Node's global agent). Each level: a warm-up of as many searches as are in flight (at least 50) for each contender, then ${RUNS} runs. A run cuts its searches into blocks of at least ten rounds of the level (at most ${6}), the two contenders taking turns block by block, the order alternating from block to block and run to run, so a stretch of noise on this shared machine falls on both; a contender's rate in a run is its answered searches over the time of its own blocks; the ratio is of one run's two rates, the verdict on the worst run. A search counts when it came back with results (nothing else answers on this machine); one that failed (ours gives up on an attempt after 4 s, duck-duck-scrape never) counts against its contender's rate. At 1000 in flight duck-duck-scrape opens up to a thousand connections; ours at most 256, as our provider runs at most that many searches at once (\`maxConcurrentSearches\`), the rest waiting their turn inside their attempt's time.`,
    checks,
    charts: [{ unit: 'answered searches per second (median of runs)', bars }],
    details: [],
    tables: [
      {
        header: [
          'in flight',
          'searches per run',
          'blocks per run',
          'ours /s (runs)',
          'direct /s (runs)',
          'ours / direct',
          'failed (ours / direct)',
        ],
        rows,
      },
    ],
  };
}
