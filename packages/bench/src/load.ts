import { MemoryStore, withCache } from '@agent-search/cache';
import {
  createSearchClient,
  isSearchError,
  SEARCH_ERROR_CODES,
  type SearchErrorCode,
} from '@agent-search/core';
import type { ProviderSimulator } from '@agent-search/testing/simulator';
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
}

export const DEFAULT_LOAD: LoadOptions = {
  userSearches: 9_000,
  users: 45,
  perUserLimit: 150,
  anonymousSearches: 1_000,
  popularQueries: 20,
  concurrency: 200,
};

export interface LoadReport {
  searches: number;
  answered: number;
  /** Failed searches by code (the per-user limit's refusals counted apart, as `refused`). */
  failed: Partial<Record<SearchErrorCode, number>>;
  /** Searches the per-user limit turned away. */
  refused: number;
  /** Failures that were not SearchErrors with a known code: must be 0. */
  unexplained: string[];
  unhandledRejections: number;
  /** Users whose accepted searches (not refused by the limiter) were not exactly the limit. */
  inexactUsers: string[];
  upstreamCalls: Record<'duckduckgo' | 'tavily' | 'exa', number>;
  durationMs: number;
  peakRssBytes: number;
  peakHeapBytes: number;
  /** Heap growth over the run after full garbage collections (needs `node --expose-gc`; else undefined). */
  retainedHeapGrowthBytes: number | undefined;
  /** Failed searches during which at least one provider was skipped as cooling down. */
  failedWhileCooling: number;
}

/** Faults mixed into each provider during the load run, with their share of requests. */
export function configureLoadFaults(sim: ProviderSimulator): void {
  sim.reset();
  sim.configure('duckduckgo', {
    latency: { kind: 'lognormal', medianMs: 8, sigma: 0.8 },
    faults: {
      rate_limited: 0.03,
      anomaly: 0.02,
      server_error: 0.03,
      malformed: 0.02,
      reset: 0.02,
      hang: 0.01,
    },
  });
  sim.configure('tavily', {
    latency: { kind: 'normal', meanMs: 10, sdMs: 3 },
    faults: { server_error: 0.05, rate_limited: 0.02, hang: 0.01 },
  });
  sim.configure('exa', {
    latency: { kind: 'normal', meanMs: 12, sdMs: 3 },
    faults: { rate_limited: 0.05, malformed: 0.02, reset: 0.02 },
  });
}

/**
 * 10,000 searches at concurrency 200 through the provider chain (DuckDuckGo → Tavily → Exa) behind the
 * cache and per-user rate limits, with faults mixed into every provider. Short timeouts and cool-downs
 * keep faults in play for the whole run.
 */
export async function runLoad(
  sim: ProviderSimulator,
  options: LoadOptions = DEFAULT_LOAD,
): Promise<LoadReport> {
  configureLoadFaults(sim);
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
      attemptTimeoutMs: 1_000,
      timeoutMs: 3_000,
      breaker: { openMs: 50, maxOpenMs: 500, blockedMs: 500, quotaMs: 1_000 },
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
  let failedWhileCooling = 0;
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
        if (error.attempts?.some((a) => a.outcome === 'skipped' && a.reason?.startsWith('breaker')))
          failedWhileCooling++;
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
  const expected = Math.min(options.perUserLimit, perUser);
  const inexactUsers = [...new Set(requests.flatMap((r) => (r.userId ? [r.userId] : [])))].filter(
    (user) => accepted.get(user) !== expected,
  );
  return {
    searches: requests.length,
    answered,
    failed,
    refused,
    unexplained,
    unhandledRejections,
    inexactUsers,
    upstreamCalls: {
      duckduckgo: sim.calls('duckduckgo'),
      tavily: sim.calls('tavily'),
      exa: sim.calls('exa'),
    },
    durationMs,
    peakRssBytes,
    peakHeapBytes,
    retainedHeapGrowthBytes,
    failedWhileCooling,
  };
}
