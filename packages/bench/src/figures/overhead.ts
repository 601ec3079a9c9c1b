import { type Figure, fmt, RUNS } from '../figure.ts';
import { LINK, measureIn, type RealSeries, type RealUpstreams } from '../real-upstream/index.ts';
import type { SearchContender, SearchInput, SearchSamples } from '../real-upstream/search-process.ts';
import { median, percentile } from '../stats.ts';

const WARMUP = 20;

const LABELS: Record<SearchContender, string> = {
  direct: 'duck-duck-scrape direct',
  ours: 'ours (default: HTML page)',
  oursDjs: 'ours (d.js, as duck-duck-scrape)',
  langchain: 'LangChain DuckDuckGoSearch',
};

const SERIES_WORKLOAD: Record<RealSeries, string> = {
  compressed:
    'loopback HTTPS, each page compressed as the client asks (ours asks for gzip or deflate and gets gzip; duck-duck-scrape asks for none)',
  identity: 'loopback HTTPS, the same pages never compressed (every contender reads the same bytes)',
  link: `HTTPS through a simulated link (${LINK.rttMs} ms round trip, ${LINK.mbitPerSecond} Mbit/s each way), compressed as asked`,
};

interface SeriesResult {
  samples: SearchSamples;
  /** Per run: the median of each contender, wall and CPU. */
  medians: { wall: Record<SearchContender, number>; cpu: Record<SearchContender, number> }[];
}

function summarize(samples: SearchSamples): SeriesResult {
  const med = (values: Record<SearchContender, number[]>) =>
    Object.fromEntries(Object.entries(values).map(([n, v]) => [n, median(v)])) as Record<
      SearchContender,
      number
    >;
  return { samples, medians: samples.runs.map((run) => ({ wall: med(run.wall), cpu: med(run.cpu) })) };
}

const ratios = (s: SeriesResult, what: 'wall' | 'cpu', a: SearchContender, b: SearchContender) =>
  s.medians.map((m) => m[what][a] / m[what][b]);
const all = (s: SeriesResult, what: 'wall' | 'cpu', name: SearchContender) =>
  s.samples.runs.flatMap((run) => run[what][name]);

/**
 * Figure 1: one DuckDuckGo search, ours against duck-duck-scrape called directly and LangChain's tool, on
 * what users get: real-shaped pages (22 results: a 44 kB HTML page, a 17 kB d.js) over HTTPS from an upstream process of its own,
 * reached by name. Three series: compressed as asked, the same bytes uncompressed, and a simulated link.
 * Each series runs in a measuring process of its own, `RUNS` runs of interleaved rounds; verdicts on the worst run.
 */
export async function overheadFigure(upstreams: RealUpstreams, rounds: number): Promise<Figure> {
  const series = {} as Record<RealSeries, SeriesResult>;
  for (const name of ['compressed', 'identity', 'link'] as const) {
    // The link makes each search 3–6× slower: fewer rounds give it about the same time.
    const input: SearchInput = {
      runs: RUNS,
      rounds: name === 'link' ? Math.ceil(rounds / 2) : rounds,
      warmup: WARMUP,
    };
    series[name] = summarize(
      await measureIn<SearchInput, SearchSamples>(upstreams, name, './search-process.ts', input),
    );
  }
  const { compressed, identity, link } = series;
  const cpuCompressed = ratios(compressed, 'cpu', 'ours', 'direct');
  const cpuSame = ratios(identity, 'cpu', 'ours', 'direct');
  const wallLink = ratios(link, 'wall', 'ours', 'direct');
  const wallSame = ratios(identity, 'wall', 'ours', 'direct');
  const wallSameDjs = ratios(identity, 'wall', 'oursDjs', 'direct');
  const m = (s: SeriesResult, what: 'wall' | 'cpu', n: SearchContender) => median(all(s, what, n));
  const failed = Object.entries(series).flatMap(([s, r]) =>
    Object.entries(r.samples.failed)
      .filter(([, count]) => count > 0)
      .map(([n, count]) => `${LABELS[n as SearchContender]} found nothing in ${count} searches (${s})`),
  );
  const workload = (s: RealSeries) => `Workload: ${SERIES_WORKLOAD[s]}.`;
  return {
    id: 'overhead',
    title: '1. One search: ours vs duck-duck-scrape and LangChain on real-shaped DuckDuckGo pages',
    method: `What users get from DuckDuckGo: pages of 22 results shaped like the captures (the HTML page 44 kB, d.js 17 kB) over HTTPS (a self-signed P-256 certificate made at bench start) from a simulated upstream in a process of its own, answering at once. Every contender runs as a user writes it (no base URL, no agent, no fetch) in a measuring process of its own whose only change is name resolution: DuckDuckGo's hosts resolve to the upstream's loopback address (an \`--import\` hook over \`dns.lookup\`, the certificate trusted through NODE_EXTRA_CA_CERTS), so each keeps its own HTTP stack, TLS and keep-alive. Three series: ${(['compressed', 'identity', 'link'] as const).map((s) => `${s}: ${SERIES_WORKLOAD[s]}`).join('; ')}. Each series: ${RUNS} runs of ${rounds} rounds (the link: ${Math.ceil(rounds / 2)}) after ${WARMUP} warm-up rounds; each round runs every contender once, in turn, on a new query; ratios of each run's medians, verdicts on the worst run. CPU is the measuring process's user + system time around the call (the upstream's is in its own process).${failed.length > 0 ? ` Failures: ${failed.join('; ')}.` : ''}`,
    checks: [
      {
        name: 'Search CPU, ours on compressed pages / direct on uncompressed ones',
        value: `${fmt.ratios(cpuCompressed)}; ${fmt.ms(m(compressed, 'cpu', 'ours'))} vs ${fmt.ms(m(compressed, 'cpu', 'direct'))}. ${workload('compressed')}`,
        target: '≤ 1.25× every run',
        met: Math.max(...cpuCompressed) <= 1.25,
      },
      {
        name: 'Search CPU, ours / direct on the same uncompressed bytes',
        value: `${fmt.ratios(cpuSame)}; ${fmt.ms(m(identity, 'cpu', 'ours'))} vs ${fmt.ms(m(identity, 'cpu', 'direct'))}. ${workload('identity')}`,
        target: '≤ 1.1× every run',
        met: Math.max(...cpuSame) <= 1.1,
      },
      {
        name: 'Search wall time on a simulated link, ours / direct',
        value: `${fmt.ratios(wallLink)}; ${fmt.ms(m(link, 'wall', 'ours'))} vs ${fmt.ms(m(link, 'wall', 'direct'))}. ${workload('link')}`,
        target: '≤ 1.0× every run',
        met: Math.max(...wallLink) <= 1.0,
      },
      {
        name: 'Search wall time on loopback, ours / direct on the same uncompressed bytes',
        value: `${fmt.ratios(wallSame)}; ${fmt.ms(m(identity, 'wall', 'ours'))} vs ${fmt.ms(m(identity, 'wall', 'direct'))}. ${workload('identity')}`,
        target: '≤ 1.1× every run',
        met: Math.max(...wallSame) <= 1.1,
      },
      {
        name: 'Search wall time on loopback, ours on d.js (as duck-duck-scrape) / direct, same bytes',
        value: `${fmt.ratios(wallSameDjs)}; ${fmt.ms(m(identity, 'wall', 'oursDjs'))} vs ${fmt.ms(m(identity, 'wall', 'direct'))}. ${workload('identity')}`,
        target: '≤ 1.1× every run',
        met: Math.max(...wallSameDjs) <= 1.1,
      },
    ],
    charts: [
      {
        unit: `ms (median, ${LINK.rttMs} ms / ${LINK.mbitPerSecond} Mbit/s link)`,
        bars: (['direct', 'ours', 'oursDjs', 'langchain'] as const).map((n) => ({
          label: LABELS[n],
          value: m(link, 'wall', n),
          ours: n.startsWith('ours'),
        })),
      },
    ],
    details: (['compressed', 'identity', 'link'] as const)
      .flatMap((s) =>
        (['direct', 'ours', 'oursDjs', 'langchain'] as const).map((n): [string, string] => [
          `${s}: ${LABELS[n]}: median / p95 wall / median CPU`,
          `${fmt.ms(m(series[s], 'wall', n))} / ${fmt.ms(percentile(all(series[s], 'wall', n), 95))} / ${fmt.ms(m(series[s], 'cpu', n))}`,
        ]),
      )
      .concat([
        [
          'compressed: ours / LangChain, wall and CPU (worst run)',
          `${fmt.ratios(ratios(compressed, 'wall', 'ours', 'langchain'))} / ${fmt.ratios(ratios(compressed, 'cpu', 'ours', 'langchain'))}`,
        ],
      ]),
  };
}
