import {
  createSearchClient,
  type Env,
  loadSearchConfig,
  MemorySpendStore,
  type ProviderDefinition,
  type SearchProvider,
  type SearchResponse,
  SpendBudget,
  type SpendStore,
} from '@agent-search/core';
import { PROVIDER_DEFINITIONS } from '@agent-search/registry';
import type { LatencyDistribution, ProviderSimulator } from '@agent-search/testing/simulator';
import type { Figure } from '../figure.ts';
import { runConcurrent } from '../stats.ts';
import { duckDuckGo, query } from '../upstreams.ts';

// The tail run's primary and secondary (figure 4), the secondary now a paid Tavily.
const PRIMARY: LatencyDistribution = { kind: 'lognormal', medianMs: 100, sigma: 1.2 };
const SECONDARY: LatencyDistribution = { kind: 'normal', meanMs: 100, sdMs: 15 };
const CONCURRENCY = 24;
const SEED = 7_000;
/** The tail run's daily budget: its 10% share pays for fewer hedges than unbounded hedging would send. */
const BUDGET_USD = 10;

/** A primary attempt with one of these outcomes was failed over from, not hedged. */
const FAILED = new Set(['error', 'timeout', 'deadline', 'empty']);

const definitionOf = (id: string): ProviderDefinition => {
  const found = PROVIDER_DEFINITIONS.find((d) => d.id === id);
  if (!found) throw new Error(`no definition for ${id}`);
  return found;
};

/** `provider` with its definition's price (and keyless mode, which is free), as configuration builds it. */
function priced(provider: SearchProvider, keyless: boolean): SearchProvider {
  const { price } = definitionOf(provider.id);
  return {
    specificationVersion: 'v1',
    id: provider.id,
    name: provider.name,
    capabilities: provider.capabilities,
    configured: provider.configured,
    ...(keyless ? { keyless: true } : {}),
    ...(price ? { price } : {}),
    search: (request, options) => provider.search(request, options),
  };
}

/** What `calls` requests cost at each provider's list price (keyless ones free): the upstream's log priced. */
function pricedCalls(sim: ProviderSimulator, ids: readonly string[], keyless: ReadonlySet<string>): number {
  let usd = 0;
  for (const id of ids) {
    if (keyless.has(id)) continue;
    usd += sim.calls(id) * (definitionOf(id).price?.usd ?? 0);
  }
  return usd;
}

/** A spend store that also sums what hedges and trials took (the `:extra` counters) once accepted. */
class CountingStore implements SpendStore {
  readonly #inner = new MemorySpendStore();
  extraMicros = 0;
  async add(...args: Parameters<SpendStore['add']>) {
    const addition = await this.#inner.add(...args);
    if (addition.added && args[0].some((c) => c.key.endsWith(':extra'))) this.extraMicros += args[1];
    return addition;
  }
  async subtract(keys: readonly string[], amount: number) {
    if (keys.some((k) => k.endsWith(':extra'))) this.extraMicros -= amount;
    await this.#inner.subtract(keys, amount);
  }
}

/**
 * The tail run with the secondary paid (Tavily with a key, $0.008) and a daily budget: hedges to it may
 * spend 10% of the budget. Counted at the upstream: a Tavily request in a search whose DuckDuckGo attempt
 * did not fail is a hedge (the others are failovers).
 */
async function hedgeSpend(sim: ProviderSimulator, count: number) {
  sim.reset(SEED);
  sim.configure('duckduckgo', { latency: PRIMARY });
  sim.configure('tavily', { latency: SECONDARY });
  const store = new CountingStore();
  const client = createSearchClient({
    providers: [priced(duckDuckGo(sim, ['html']), false), priced(sim.provider('tavily'), false)],
    spendBudget: new SpendBudget({ dailyUsd: BUDGET_USD, store }),
  });
  let failovers = 0;
  const failed: Record<string, number> = {};
  await runConcurrent(count, CONCURRENCY, async (i) => {
    let response: SearchResponse;
    try {
      response = await client.search({ query: query(i, 'cost tail') });
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'unknown';
      failed[code] = (failed[code] ?? 0) + 1;
      return;
    }
    const primary = response.attempts.find((a) => a.provider === 'duckduckgo');
    const tavilyAsked = response.attempts.some((a) => a.provider === 'tavily' && a.outcome !== 'skipped');
    if (tavilyAsked && primary && FAILED.has(primary.outcome)) failovers++;
  });
  const price = definitionOf('tavily').price!.usd;
  const hedges = sim.calls('tavily') - failovers;
  return {
    hedges,
    failovers,
    failed,
    upstreamHedgeUsd: hedges * price,
    reservedHedgeUsd: store.extraMicros / 1e6,
    share: BUDGET_USD * 0.1,
  };
}

/** A configuration as its variables describe it; `env` gets each provider's simulator base URL. */
interface Setup {
  label: string;
  env: Env;
}

const SETUPS: Setup[] = [
  { label: 'default (no key)', env: {} },
  { label: 'TAVILY_API_KEY', env: { TAVILY_API_KEY: 'tvly-bench-0000000000000000' } },
  { label: 'EXA_API_KEY', env: { EXA_API_KEY: 'exa-bench-00000000000000000' } },
  { label: 'BRAVE_API_KEY', env: { BRAVE_API_KEY: 'BSAbench00000000000000000000000' } },
  { label: 'PERPLEXITY_API_KEY', env: { PERPLEXITY_API_KEY: 'pplx-bench000000000000000000000000' } },
  { label: 'SERPAPI_API_KEY', env: { SERPAPI_API_KEY: 'serpapi0bench0000000000000000000000000000' } },
  { label: 'OPENAI_API_KEY only', env: { OPENAI_API_KEY: 'sk-proj-bench000000000000000000000' } },
  {
    label: 'OPENAI_API_KEY + SEARCH_NATIVE=1',
    env: { OPENAI_API_KEY: 'sk-proj-bench000000000000000000000', SEARCH_NATIVE: '1' },
  },
  {
    label: 'ANTHROPIC_API_KEY + SEARCH_NATIVE=1',
    env: { ANTHROPIC_API_KEY: 'sk-ant-api03-bench00000000000000', SEARCH_NATIVE: '1' },
  },
  {
    label: 'GEMINI_API_KEY + SEARCH_NATIVE=1',
    env: { GEMINI_API_KEY: 'AIzaSy-bench0000000000000000000000', SEARCH_NATIVE: '1' },
  },
];

/**
 * `count` searches on the chain `setup`'s variables configure (who is enabled, in what order, keyless or
 * keyed: `loadSearchConfig` on the registry), its providers on the simulator, DuckDuckGo answering with the
 * tail run's latency or `blocked` (its anomaly page). The cost is the simulator's log of calls per provider at
 * each definition's price, per 1,000 searches; the chain's own `costUsd` sum beside it.
 */
async function costPer1000(sim: ProviderSimulator, setup: Setup, blocked: boolean, count: number) {
  const config = loadSearchConfig(setup.env, { definitions: PROVIDER_DEFINITIONS });
  const enabled = config.providers.filter((p) => p.enabled);
  const keyless = new Set(enabled.filter((p) => p.keyless).map((p) => p.id));
  sim.reset(SEED + (blocked ? 1 : 0));
  sim.configure('duckduckgo', blocked ? { faults: { anomaly: 1 } } : { latency: PRIMARY, faults: {} });
  for (const p of enabled) if (p.id !== 'duckduckgo') sim.configure(p.id, { latency: SECONDARY });
  const client = createSearchClient({
    providers: enabled.map((p) =>
      priced(p.id === 'duckduckgo' ? duckDuckGo(sim, ['html']) : sim.provider(p.id), keyless.has(p.id)),
    ),
  });
  let charged = 0;
  let failed = 0;
  await runConcurrent(count, CONCURRENCY, async (i) => {
    try {
      const response: SearchResponse = await client.search({
        query: query(i, `cost ${setup.label} ${blocked}`),
      });
      charged += response.costUsd ?? 0;
    } catch {
      failed++;
    }
  });
  const ids = enabled.map((p) => p.id);
  const upstreamUsd = pricedCalls(sim, ids, keyless);
  return {
    providers: enabled.map((p) => `${p.name}${p.keyless ? ' (keyless)' : ''}`).join(' → '),
    per1000: (upstreamUsd / count) * 1000,
    charged1000: (charged / count) * 1000,
    failed,
  };
}

const usd = (x: number) => `$${x.toFixed(2)}`;

/**
 * Figure: what searches cost. The hedges of the tail run to a paid provider stay within their share of a
 * spend budget (counted at the upstream), and the cost per 1,000 searches of the default configuration and
 * of each keyed one, with DuckDuckGo answering (slow tail: hedges) and blocked (every search fails over).
 */
export async function costFigure(
  sim: ProviderSimulator,
  counts: { tail: number; each: number },
): Promise<Figure> {
  const hedge = await hedgeSpend(sim, counts.tail);
  const rows: string[][] = [];
  let defaultWorst = 0;
  let consentWorst = 0;
  let overPrice: string[] = [];
  for (const setup of SETUPS) {
    const answering = await costPer1000(sim, setup, false, counts.each);
    const blocked = await costPer1000(sim, setup, true, counts.each);
    if (setup.label === 'default (no key)') defaultWorst = Math.max(answering.per1000, blocked.per1000);
    if (setup.label === 'OPENAI_API_KEY only') consentWorst = Math.max(answering.per1000, blocked.per1000);
    // Blocked, each search pays for at most its one paid request, plus the hedge and trial share (10%).
    const paidPrice = Math.max(
      0,
      ...Object.entries(setup.env)
        .filter(([k]) => k.endsWith('_API_KEY'))
        .map(([k]) => PROVIDER_DEFINITIONS.find((d) => d.apiKeyEnv === k)?.price?.usd ?? 0),
    );
    if (blocked.per1000 > paidPrice * 1000 * 1.1 + 1e-9) overPrice.push(setup.label);
    rows.push([
      setup.label,
      answering.providers,
      usd(answering.per1000),
      usd(blocked.per1000),
      `${usd(answering.charged1000)} / ${usd(blocked.charged1000)}`,
      `${blocked.failed} of ${counts.each}`,
    ]);
  }
  overPrice = [...new Set(overPrice)];
  return {
    id: 'cost',
    title: 'What searches cost: hedge spend within its budget share, cost per 1,000 searches',
    method: `Hedge spend: the tail run (figure 4's DuckDuckGo, lognormal median 100 ms, sigma 1.2; Tavily 100 ± 15 ms) with Tavily keyed at its list price ($0.008) and SEARCH_BUDGET_USD=${BUDGET_USD} (hedges and trials may spend 10% of it), ${counts.tail} searches ${CONCURRENCY} at a time; a Tavily request counted by the simulator is a hedge unless its search's DuckDuckGo attempt failed. Cost per 1,000: for each configuration (the registry's providers as loadSearchConfig enables them from the variables named), ${counts.each} searches ${CONCURRENCY} at a time with DuckDuckGo answering (that tail latency, so slow searches are hedged) and then blocked (its anomaly page on every request); the simulator's log of calls per provider at each definition's price (keyless free), per 1,000 searches. The chain's own costUsd sums are beside it.`,
    checks: [
      {
        name: 'Cost: hedge spend on a paid provider in the tail run (upstream log)',
        value: `${usd(hedge.upstreamHedgeUsd)} (${hedge.hedges} hedges to Tavily at $0.008; ${hedge.failovers} failovers); budget share ${usd(hedge.share)}`,
        target: `≤ 10% of SEARCH_BUDGET_USD (${usd(hedge.share)})`,
        met: hedge.upstreamHedgeUsd <= hedge.share + 1e-9,
      },
      {
        name: 'Cost: default configuration per 1,000 searches (DuckDuckGo answering / blocked)',
        value: usd(defaultWorst),
        target: '$0.00',
        met: defaultWorst === 0,
      },
      {
        name: 'Cost: OPENAI_API_KEY set for the model only, per 1,000 searches',
        value: usd(consentWorst),
        target: '$0.00 (no consent, no vendor search)',
        met: consentWorst === 0,
      },
      {
        name: 'Cost: each keyed configuration, DuckDuckGo blocked, per 1,000 searches',
        value:
          overPrice.length === 0
            ? 'within its price × 1,000 (+10%) for every key'
            : `over for ${overPrice.join(', ')}`,
        target: '≤ 1.1 × the key’s price × 1,000',
        met: overPrice.length === 0,
      },
    ],
    charts: [],
    details: [
      ['tail run: hedge spend reserved from the budget', usd(hedge.reservedHedgeUsd)],
      ['tail run: hedges / failovers to Tavily', `${hedge.hedges} / ${hedge.failovers}`],
      [
        'tail run: searches failed',
        Object.keys(hedge.failed).length === 0
          ? 'none'
          : Object.entries(hedge.failed)
              .map(([code, n]) => `${n} ${code}`)
              .join(', '),
      ],
    ],
    tables: [
      {
        header: [
          'configuration',
          'chain',
          'per 1,000, DuckDuckGo answering',
          'per 1,000, DuckDuckGo blocked',
          'costUsd sums (answering / blocked)',
          'failed when blocked',
        ],
        rows,
      },
    ],
  };
}
