import { createSearchClient, type SearchResponse } from '@agent-search/core';
import type { ProviderSimulator, SimulatorFault } from '@agent-search/testing/simulator';
import { DuckDuckGoSearch } from '@langchain/community/tools/duckduckgo_search';
import { tavily as tavilyClient } from '@tavily/core';
import duckDuckScrape from 'duck-duck-scrape';
import { type Bar, type Check, type Figure, fmt } from '../figure.ts';
import { percentile, runConcurrent, type Settled, settleWithin } from '../stats.ts';
import { duckDuckGo, query, TAVILY_KEY, tavily } from '../upstreams.ts';

type Outage = Extract<SimulatorFault, 'hang' | 'rate_limited' | 'anomaly'>;

const OUTAGES: Record<Outage, string> = {
  hang: 'blackholed (requests never answered)',
  rate_limited: 'HTTP 429 on every endpoint',
  anomaly: 'bot challenge (HTML endpoint 202 page, d.js anomaly block)',
};

/** How long a peer gets before its request counts as unanswered. */
const PEER_CAP_MS = 10_000;

function breakPrimary(sim: ProviderSimulator, outage: Outage): void {
  sim.reset();
  sim.configure('tavily', { latency: { kind: 'normal', meanMs: 40, sdMs: 6 } });
  if (outage === 'anomaly') {
    // DuckDuckGo still hands out vqd tokens while it challenges searches.
    sim.configure('duckduckgo.html', { faults: { anomaly: 1 } });
    sim.configure('duckduckgo.d.js', { faults: { anomaly: 1 } });
  } else {
    sim.configure('duckduckgo', { faults: { [outage]: 1 } });
  }
}

const answeredShare = (outcomes: Settled<unknown>[]) =>
  outcomes.filter((o) => o.kind === 'answered').length / outcomes.length;
const answeredTimes = (outcomes: Settled<unknown>[]) =>
  outcomes.filter((o) => o.kind === 'answered').map((o) => o.ms);

// Every search counts, the ones that met the primary (the first, probes) included; one that never
// answered counts at the cap.
const everyTime = (outcomes: Settled<unknown>[]) => outcomes.map((o) => o.ms);

/**
 * Figure 3: DuckDuckGo (primary) down in three ways, Tavily (secondary) healthy. Ours fails over and
 * cools the primary down; LangChain's DuckDuckGoSearch has no fallback; the naive fallback tries
 * duck-duck-scrape with its library defaults, then @tavily/core.
 */
export async function outageFigure(
  sim: ProviderSimulator,
  counts: { ours: number; peers: number },
): Promise<Figure> {
  const checks: Check[] = [];
  const details: [string, string][] = [];
  const bars: Bar[] = [];
  const answered: Bar[] = [];

  for (const outage of Object.keys(OUTAGES) as Outage[]) {
    breakPrimary(sim, outage);
    const ours = createSearchClient({ providers: [duckDuckGo(sim), tavily(sim)] });
    const alone = createSearchClient({ providers: [tavily(sim)] });
    // The secondary alone is measured in turn with ours, so both see the same machine load.
    const oursOutcomes: Settled<SearchResponse>[] = [];
    const aloneOutcomes: Settled<SearchResponse>[] = [];
    for (let i = 0; i < counts.ours; i++) {
      oursOutcomes.push(
        await settleWithin(() => ours.search({ query: query(i, `outage ${outage}`) }), PEER_CAP_MS),
      );
      aloneOutcomes.push(
        await settleWithin(() => alone.search({ query: query(i, `alone ${outage}`) }), PEER_CAP_MS),
      );
    }
    const aloneP95 = percentile(answeredTimes(aloneOutcomes), 95);
    const aloneP99 = percentile(everyTime(aloneOutcomes), 99);
    const oursTimes = everyTime(oursOutcomes);
    const oursP99 = percentile(oursTimes, 99);
    const oursMax = Math.max(...oursTimes);
    const probes = oursOutcomes.filter(
      (o) =>
        o.kind === 'answered' &&
        o.value.attempts.some((a) => a.provider === 'duckduckgo' && a.outcome !== 'skipped'),
    );
    const share = answeredShare(oursOutcomes);
    checks.push(
      {
        name: `Outage (${outage}): ours answered`,
        value: fmt.pct(share),
        target: '100%',
        met: share === 1,
      },
      {
        name: `Outage (${outage}): ours p99 over every search − secondary alone p99`,
        value: `${oursP99 >= aloneP99 ? '+' : '−'}${fmt.ms(Math.abs(oursP99 - aloneP99))} (${fmt.ms(oursP99)} vs ${fmt.ms(aloneP99)}; ours max ${fmt.ms(oursMax)})`,
        target: '≤ +500 ms',
        met: oursP99 - aloneP99 <= 500,
      },
    );
    details.push(
      [`${outage}: secondary alone (our client, Tavily only), p95`, fmt.ms(aloneP95)],
      [`${outage}: ours, first search (primary not yet cooling)`, fmt.ms(oursOutcomes[0]!.ms)],
      [
        `${outage}: ours, searches that called the primary (the first, probes after each cool-down)`,
        `${probes.length} of ${oursOutcomes.length}, p50 ${fmt.ms(
          percentile(
            probes.map((o) => o.ms),
            50,
          ),
        )}`,
      ],
      [
        `${outage}: ours, p95 / p99 / max over every search`,
        `${fmt.ms(percentile(oursTimes, 95))} / ${fmt.ms(oursP99)} / ${fmt.ms(oursMax)}`,
      ],
      [
        `${outage}: secondary alone, p99 / max`,
        `${fmt.ms(aloneP99)} / ${fmt.ms(Math.max(...everyTime(aloneOutcomes)))}`,
      ],
    );
    bars.push(
      { label: `${outage}: Tavily alone`, value: aloneP95, ours: false },
      { label: `${outage}: ours, every search`, value: percentile(oursTimes, 95), ours: true },
    );

    // Peers: hung requests are run side by side, so the cap is paid once.
    const concurrency = outage === 'hang' ? counts.peers : 1;
    const langchain = new DuckDuckGoSearch({ maxResults: 5 });
    const tavilySdk = tavilyClient({ apiKey: TAVILY_KEY, apiBaseURL: sim.baseURL('tavily') });
    const naive = async (q: string) => {
      try {
        return await duckDuckScrape.search(q, undefined, { agent: sim.agent });
      } catch {
        return await tavilySdk.search(q, { maxResults: 5 });
      }
    };
    const [langchainOutcomes, naiveOutcomes] = await Promise.all([
      runConcurrent(counts.peers, concurrency, (i) =>
        settleWithin(() => langchain.invoke(query(i, `lc ${outage}`)), PEER_CAP_MS),
      ),
      runConcurrent(counts.peers, concurrency, (i) =>
        settleWithin(() => naive(query(i, `naive ${outage}`)), PEER_CAP_MS),
      ),
    ]);
    const naiveTimes = answeredTimes(naiveOutcomes);
    const describe = (outcomes: Settled<unknown>[]) => {
      const times = answeredTimes(outcomes);
      const unanswered = outcomes.filter((o) => o.kind === 'no answer').length;
      return `${fmt.pct(answeredShare(outcomes))} answered${times.length ? `, p95 ${fmt.ms(percentile(times, 95))}` : ''}${unanswered ? `, ${unanswered} still waiting after ${PEER_CAP_MS / 1000} s` : ''}`;
    };
    answered.push(
      { label: `${outage}: ours`, value: 100 * answeredShare(oursOutcomes), ours: true },
      {
        label: `${outage}: LangChain DuckDuckGoSearch`,
        value: 100 * answeredShare(langchainOutcomes),
        ours: false,
      },
      { label: `${outage}: naive fallback`, value: 100 * answeredShare(naiveOutcomes), ours: false },
    );
    details.push(
      [`${outage}: ours`, describe(oursOutcomes)],
      [`${outage}: LangChain DuckDuckGoSearch`, describe(langchainOutcomes)],
      [`${outage}: naive fallback (duck-duck-scrape, then @tavily/core)`, describe(naiveOutcomes)],
    );
    if (naiveTimes.length > 0) {
      bars.push({ label: `${outage}: naive fallback`, value: percentile(naiveTimes, 95), ours: false });
    }
  }
  return {
    id: 'outage',
    title: '3. Primary down, secondary healthy',
    method: `Primary DuckDuckGo ${Object.entries(OUTAGES)
      .map(([k, v]) => `${k}: ${v}`)
      .join(
        '; ',
      )}. Secondary Tavily answers in 40 ± 6 ms. Ours: ${counts.ours} searches in sequence with the client's defaults (8 s deadline, 4 s per attempt, adaptive hedging, cool-downs: 1 s doubling after timeouts, 60 s after 429, 5 min after a challenge), each measured in turn with the secondary alone; p99 and max over every search, the first and the probes included. Peers: ${counts.peers} searches each, capped at ${PEER_CAP_MS / 1000} s (duck-duck-scrape sets no response timeout: needle's default response_timeout is 0). `,
    checks,
    charts: [
      { unit: '% of searches answered', bars: answered },
      { unit: 'ms (p95)', bars },
    ],
    details,
  };
}
