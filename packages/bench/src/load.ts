import { MemoryStore, withCache } from '@agent-search/cache';
import {
  createSearchClient,
  isSearchError,
  SEARCH_ERROR_CODES,
  type SearchErrorCode,
} from '@agent-search/core';
import type { ProviderSimulator, SimulatorFault } from '@agent-search/testing/simulator';
import { plainLoop } from './plain-loop.ts';
import { runConcurrent } from './stats.ts';
import { duckDuckGo, exa, tavily } from './upstreams.ts';

export interface LoadOptions {
  /** Searches from limited users (distinct queries each). */
  userSearches: number;
  users: number;
  /** Per-user limit over the run (an hour's window). */
  perUserLimit: number;
  /** Searches without a user id, spread over `popularQueries` repeated queries (cache hits, coalescing). */
  anonymousSearches: number;
  popularQueries: number;
  concurrency: number;
  /**
   * The plain loop measured right after the run on the same simulator and faults: this many searches, as
   * many at a time as the run (at 200 in flight this one process, simulator included, is what delays
   * answers, so the loop must meet the same queueing, or the comparison measures the load, not the chain).
   */
  loopSearches: number;
  loopConcurrency: number;
}

export const DEFAULT_LOAD: LoadOptions = {
  userSearches: 9_000,
  users: 45,
  perUserLimit: 150,
  anonymousSearches: 1_000,
  popularQueries: 20,
  concurrency: 200,
  loopSearches: 2_000,
  loopConcurrency: 200,
};

/** Each attempt's limit in the load run, the chain's and the plain loop's. */
// The client's defaults (4 s a provider, 8 s a search): what users get. At 200 searches in flight on two cores,
// with the simulator in the same process, timers fire up to half a second late; a 1 s limit made the run
// measure the machine's own lag (every provider "timing out" together), not the chain's failover.
const ATTEMPT_TIMEOUT_MS = 4_000;

type LoadProvider = 'duckduckgo' | 'tavily' | 'exa';

/** The plain loop over the same three providers. */
export interface LoopReport {
  searches: number;
  answered: number;
  /** Share of each provider's requests from the loop that failed (errors, timeouts, empty answers). */
  failureShare: Record<LoadProvider, number>;
}

export interface LoadReport {
  searches: number;
  answered: number;
  /** Failed searches by code (the per-user limit's refusals counted apart, as `refused`). */
  failed: Partial<Record<SearchErrorCode, number>>;
  /** Searches the per-user limit turned away. */
  refused: number;
  /** The plain loop measured right after the run, on the same simulator and faults. */
  loop: LoopReport;
  /**
   * 1 − the product of each provider's configured fault share (`LOAD_FAULTS`): what a client asking all three
   * could answer if the load itself delayed nothing. (DuckDuckGo's second backend recovers some of its
   * faults inside one attempt, so the real bound is a little higher.)
   */
  ceiling: number;
  /** Failures that were not SearchErrors with a known code: must be 0. */
  unexplained: string[];
  unhandledRejections: number;
  /** Users whose accepted searches (not refused by the limiter) were not exactly the limit. */
  inexactUsers: string[];
  upstreamCalls: Record<LoadProvider, number>;
  durationMs: number;
  peakRssBytes: number;
  peakHeapBytes: number;
  /** Heap growth over the run after full garbage collections (needs `node --expose-gc`; else undefined). */
  retainedHeapGrowthBytes: number | undefined;
}

/** Faults mixed into each provider during the load run, with their share of requests. */
export const LOAD_FAULTS: Record<LoadProvider, Partial<Record<SimulatorFault, number>>> = {
  duckduckgo: {
    rate_limited: 0.03,
    anomaly: 0.02,
    server_error: 0.03,
    malformed: 0.02,
    reset: 0.02,
    hang: 0.01,
  },
  tavily: { server_error: 0.05, rate_limited: 0.02, hang: 0.01 },
  exa: { rate_limited: 0.05, malformed: 0.02, reset: 0.02 },
};

/** Sets `LOAD_FAULTS` and each provider's latency on `sim`. */
export function configureLoadFaults(sim: ProviderSimulator): void {
  sim.reset();
  sim.configure('duckduckgo', {
    latency: { kind: 'lognormal', medianMs: 8, sigma: 0.8 },
    faults: LOAD_FAULTS.duckduckgo,
  });
  sim.configure('tavily', { latency: { kind: 'normal', meanMs: 10, sdMs: 3 }, faults: LOAD_FAULTS.tavily });
  sim.configure('exa', { latency: { kind: 'normal', meanMs: 12, sdMs: 3 }, faults: LOAD_FAULTS.exa });
}

/** 1 − the product of the providers' fault shares in `LOAD_FAULTS`. */
function loadCeiling(): number {
  const share = (faults: Partial<Record<SimulatorFault, number>>) =>
    Object.values(faults).reduce((sum, n) => sum + (n ?? 0), 0);
  return 1 - share(LOAD_FAULTS.duckduckgo) * share(LOAD_FAULTS.tavily) * share(LOAD_FAULTS.exa);
}

/** The plain loop (DuckDuckGo, then Tavily, then Exa, until one answers) on `sim`. */
async function runLoop(sim: ProviderSimulator, searches: number, concurrency: number): Promise<LoopReport> {
  const providers = [duckDuckGo(sim), tavily(sim), exa(sim)];
  const normalizer = createSearchClient({ providers });
  const tries: Record<LoadProvider, { asked: number; failed: number }> = {
    duckduckgo: { asked: 0, failed: 0 },
    tavily: { asked: 0, failed: 0 },
    exa: { asked: 0, failed: 0 },
  };
  const outcomes = await runConcurrent(searches, concurrency, async (i) => {
    const request = normalizer.normalize({ query: `heat pump loop ${i}` });
    const outcome = await plainLoop(providers, request, ATTEMPT_TIMEOUT_MS);
    for (const attempt of outcome.attempts) {
      const counts = tries[attempt.provider as LoadProvider];
      counts.asked++;
      if (!attempt.answered) counts.failed++;
    }
    return outcome.answeredBy !== undefined;
  });
  const share = ({ asked, failed }: { asked: number; failed: number }) => (asked === 0 ? 0 : failed / asked);
  return {
    searches,
    answered: outcomes.filter(Boolean).length,
    failureShare: { duckduckgo: share(tries.duckduckgo), tavily: share(tries.tavily), exa: share(tries.exa) },
  };
}

/**
 * Searches through a throwaway chain at the run's concurrency before anything is measured: a cold process
 * (code not yet compiled, a connection per search in flight not yet open) at 200 in flight times out on its
 * own slowness, and whichever of ours and the plain loop ran first would pay for it (measured: 55 timeouts in
 * 4,000 searches for the first one after a gentle warm-up, 1 to 3 for the same client measured again).
 */
async function warmUp(sim: ProviderSimulator, concurrency: number): Promise<void> {
  const client = createSearchClient({ providers: [duckDuckGo(sim), tavily(sim), exa(sim)] });
  await runConcurrent(1_000, concurrency, (i) =>
    client.search({ query: `warm-up ${i}` }).catch(() => undefined),
  );
}

/**
 * 10,000 searches at concurrency 200 through the provider chain (DuckDuckGo → Tavily → Exa) behind the
 * cache and per-user rate limits, with faults mixed into every provider. Short breaker open times
 * keep faults in play for the whole run. Then a plain loop over the same providers, faults, attempt limit and
 * concurrency: the availability the chain should match.
 */
export async function runLoad(
  sim: ProviderSimulator,
  options: LoadOptions = DEFAULT_LOAD,
): Promise<LoadReport> {
  configureLoadFaults(sim);
  await warmUp(sim, options.concurrency);
  const before = { duckduckgo: sim.calls('duckduckgo'), tavily: sim.calls('tavily'), exa: sim.calls('exa') };
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let unhandledRejections = 0;
  const onUnhandled = () => {
    unhandledRejections++;
  };
  process.on('unhandledRejection', onUnhandled);
  let peakRssBytes = 0;
  let peakHeapBytes = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    peakRssBytes = Math.max(peakRssBytes, usage.rss);
    peakHeapBytes = Math.max(peakHeapBytes, usage.heapUsed);
  };
  const sampler = setInterval(sample, 50);
  const client = withCache(
    createSearchClient({
      providers: [duckDuckGo(sim), tavily(sim), exa(sim)],
      attemptTimeoutMs: ATTEMPT_TIMEOUT_MS,
      timeoutMs: 8_000,
      breaker: { openMs: 50, maxOpenMs: 500, blockedMs: 50, quotaMs: 1_000 },
    }),
    {
      store: new MemoryStore({ maxEntries: 1_000 }),
      // A window longer than any run: "exactly the limit" must not depend on how fast a loaded machine is.
      rateLimits: { perUser: { points: options.perUserLimit, durationSeconds: 3_600 } },
    },
  );
  const perUser = options.userSearches / options.users;
  const total = options.userSearches + options.anonymousSearches;
  // Anonymous searches are spread through the run rather than bunched at its end.
  const every = Math.max(1, Math.round(total / Math.max(1, options.anonymousSearches)));
  const plan = Array.from({ length: total }, (_, i) => i);
  let userIndex = 0;
  let anonymousIndex = 0;
  const requests = plan.map((i) => {
    if (i % every === 0 && anonymousIndex < options.anonymousSearches) {
      const n = anonymousIndex++;
      return { query: `popular heat pump question ${n % options.popularQueries}`, userId: undefined };
    }
    const n = userIndex++;
    return { query: `heat pump load ${n}`, userId: `user-${n % options.users}` };
  });
  const accepted = new Map<string, number>();
  const failed: LoadReport['failed'] = {};
  const unexplained: string[] = [];
  let answered = 0;
  let refused = 0;
  const started = performance.now();
  try {
    await runConcurrent(requests.length, options.concurrency, async (i) => {
      const { query, userId } = requests[i]!;
      const count = () => userId && accepted.set(userId, (accepted.get(userId) ?? 0) + 1);
      try {
        await client.search({ query }, userId ? { userId } : {});
        answered++;
        count();
      } catch (error) {
        if (!isSearchError(error) || !(SEARCH_ERROR_CODES as readonly string[]).includes(error.code)) {
          unexplained.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
          return;
        }
        // The limiter's refusal is the only rate_limited error without attempts: no provider was asked.
        if (error.code === 'rate_limited' && error.attempts === undefined) {
          refused++;
          return;
        }
        failed[error.code] = (failed[error.code] ?? 0) + 1;
        count();
      }
    });
  } finally {
    clearInterval(sampler);
    sample();
    process.off('unhandledRejection', onUnhandled);
  }
  const durationMs = performance.now() - started;
  let retainedHeapGrowthBytes: number | undefined;
  if (gc) {
    // Let aborted attempts and timers settle before measuring what stayed.
    await new Promise((resolve) => setTimeout(resolve, 300));
    gc();
    retainedHeapGrowthBytes = process.memoryUsage().heapUsed - heapBefore;
  }
  const upstreamCalls = {
    duckduckgo: sim.calls('duckduckgo') - before.duckduckgo,
    tavily: sim.calls('tavily') - before.tavily,
    exa: sim.calls('exa') - before.exa,
  };
  // After the run and its measurements, so neither slows or counts the other.
  const loop = await runLoop(sim, options.loopSearches, options.loopConcurrency);
  const expected = Math.min(options.perUserLimit, perUser);
  const inexactUsers = [...new Set(requests.flatMap((r) => (r.userId ? [r.userId] : [])))].filter(
    (user) => accepted.get(user) !== expected,
  );
  return {
    searches: requests.length,
    answered,
    failed,
    refused,
    loop,
    ceiling: loadCeiling(),
    unexplained,
    unhandledRejections,
    inexactUsers,
    upstreamCalls,
    durationMs,
    peakRssBytes,
    peakHeapBytes,
    retainedHeapGrowthBytes,
  };
}
