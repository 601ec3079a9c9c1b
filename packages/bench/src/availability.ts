import { MemoryStore, withCache } from '@agent-search/cache';
import { createSearchClient, type SearchProvider, type SearchRequest } from '@agent-search/core';
import {
  type FaultRule,
  faultAtRate,
  type InProcessUpstream,
  inProcessUpstream,
  perSecondQuota,
} from './in-process-upstream.ts';
import { percentile, runConcurrent } from './stats.ts';

/** Faults each provider meets at random, independently: a 5xx, a malformed answer, an isolated 429. */
export const FAULT_KINDS = ['unavailable', 'provider_error', 'rate_limited'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export const FAULT_RATES = [0.01, 0.05, 0.1, 0.2] as const;
export const IN_FLIGHT = [1, 20, 200] as const;

const PROVIDER_IDS = ['primary', 'secondary', 'tertiary'] as const;

/** The client's default longest wait for one provider: the plain loop gives each provider as long. */
const LOOP_ATTEMPT_TIMEOUT_MS = 4_000;

export interface AvailabilityOptions {
  /** Searches per cell, by searches in flight (sequential cells take longest). */
  searches: Readonly<Record<(typeof IN_FLIGHT)[number], number>>;
  /** Every provider's latency, uniform in [min, max] ms. */
  latencyMs: readonly [number, number];
  seed: number;
}

/**
 * Providers answering in 1–3 ms: the 10–30 ms scaled down 10×, so the whole matrix runs in seconds.
 * Faster answers pack more searches into each second of the chain's own timers (cool-downs); the faults,
 * drawn per request, are the same at any speed.
 */
export const DEFAULT_AVAILABILITY: AvailabilityOptions = {
  searches: { 1: 200, 20: 600, 200: 1_000 },
  latencyMs: [1, 3],
  seed: 20,
};

/** One cell of the matrix: shares of searches answered, each in [0, 1]. */
export interface AvailabilityCell {
  kind: FaultKind;
  rate: number;
  inFlight: number;
  searches: number;
  /** `createSearchClient` with default settings. */
  ours: number;
  /** The same behind `withCache` (memory store, distinct queries: every search reaches the chain). */
  cached: number;
  /** The same three providers tried in order until one answers. */
  loop: number;
  /** 1 − rate³: a search fails only when all three providers fail it. */
  ceiling: number;
}

function upstreams(
  seed: number,
  latencyMs: readonly [number, number],
  faults: FaultRule[],
): InProcessUpstream[] {
  return PROVIDER_IDS.map((id, i) => inProcessUpstream({ id, seed, latencyMs, fault: faults[i] }));
}

/**
 * The baseline: each provider in order until one answers, each given the client's default attempt time.
 * No state, no cool-downs: what anyone writes first.
 */
export async function plainLoop(
  providers: readonly SearchProvider[],
  request: SearchRequest,
): Promise<string> {
  let last: unknown;
  for (const provider of providers) {
    // A timer of our own, not AbortSignal.timeout: that one does not keep the process alive while it waits.
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('The attempt timed out', 'TimeoutError')),
      LOOP_ATTEMPT_TIMEOUT_MS,
    );
    try {
      const answer = await provider.search(request, { signal: controller.signal });
      if (answer.results.length > 0) return provider.id;
    } catch (error) {
      last = error;
    } finally {
      clearTimeout(timer);
    }
  }
  throw last ?? new Error('every provider answered with nothing');
}

async function answeredShare(
  searches: number,
  inFlight: number,
  search: (index: number) => Promise<unknown>,
): Promise<number> {
  const outcomes = await runConcurrent(searches, inFlight, (i) =>
    search(i).then(
      () => true,
      () => false,
    ),
  );
  return outcomes.filter(Boolean).length / searches;
}

/**
 * One cell: our client, our client behind `withCache`, and the plain loop, side by side in the same run,
 * each with its own three upstreams built from the same seed. A request's fault is fixed by the seed, the
 * provider and the query (see `inProcessUpstream`), so the three contenders meet the same fault stream: a
 * search the loop answers is one our chain could have answered by asking the same providers.
 */
export async function runAvailabilityCell(
  kind: FaultKind,
  rate: number,
  inFlight: (typeof IN_FLIGHT)[number],
  options: AvailabilityOptions = DEFAULT_AVAILABILITY,
): Promise<AvailabilityCell> {
  const searches = options.searches[inFlight];
  const faults = PROVIDER_IDS.map(() => faultAtRate(kind, rate));
  const make = () => upstreams(options.seed, options.latencyMs, faults);
  const ours = createSearchClient({ providers: make().map((u) => u.provider) });
  const cached = withCache(createSearchClient({ providers: make().map((u) => u.provider) }), {
    store: new MemoryStore({ maxEntries: searches }),
  });
  const loopProviders = make().map((u) => u.provider);
  const query = (i: number) => `availability ${kind} ${rate} ${inFlight} ${i}`;
  const [oursShare, cachedShare, loopShare] = await Promise.all([
    answeredShare(searches, inFlight, (i) => ours.search({ query: query(i) })),
    answeredShare(searches, inFlight, (i) => cached.search({ query: query(i) })),
    answeredShare(searches, inFlight, (i) => plainLoop(loopProviders, ours.normalize({ query: query(i) }))),
  ]);
  return {
    kind,
    rate,
    inFlight,
    searches,
    ours: oursShare,
    cached: cachedShare,
    loop: loopShare,
    ceiling: 1 - rate ** 3,
  };
}

/** Every cell of fault kind × rate × searches in flight, one after another. */
export async function runAvailability(
  options: AvailabilityOptions = DEFAULT_AVAILABILITY,
  onCell?: (cell: AvailabilityCell) => void,
): Promise<AvailabilityCell[]> {
  const cells: AvailabilityCell[] = [];
  for (const kind of FAULT_KINDS) {
    for (const rate of FAULT_RATES) {
      for (const inFlight of IN_FLIGHT) {
        const cell = await runAvailabilityCell(kind, rate, inFlight, options);
        onCell?.(cell);
        cells.push(cell);
      }
    }
  }
  return cells;
}

export interface HangReport {
  searches: number;
  /** Requests our client's primary never answered (its own log). */
  hangs: number;
  /** Searches answered by our client (default settings). */
  answered: number;
  /** Our p99 over every search, in ms. */
  p99Ms: number;
  /** The plain loop's, on the same fault stream. */
  loopP99Ms: number;
}

/**
 * A primary that never answers `hangRate` of its requests (its other answers in `latencyMs`), two healthy
 * providers behind it: our client with default settings and the plain loop, side by side.
 */
export async function runHangingPrimary(options: {
  searches: number;
  inFlight: number;
  hangRate: number;
  latencyMs: readonly [number, number];
  seed: number;
}): Promise<HangReport> {
  const faults = [faultAtRate('hang', options.hangRate)];
  const make = () => upstreams(options.seed, options.latencyMs, faults);
  const oursSet = make();
  const ours = createSearchClient({ providers: oursSet.map((u) => u.provider) });
  const loopProviders = make().map((u) => u.provider);
  const query = (i: number) => `hanging primary ${i}`;
  const timed = async (search: () => Promise<unknown>) => {
    const started = performance.now();
    const answered = await search().then(
      () => true,
      () => false,
    );
    return { answered, ms: performance.now() - started };
  };
  const [oursRuns, loopRuns] = await Promise.all([
    runConcurrent(options.searches, options.inFlight, (i) => timed(() => ours.search({ query: query(i) }))),
    runConcurrent(options.searches, options.inFlight, (i) =>
      timed(() => plainLoop(loopProviders, ours.normalize({ query: query(i) }))),
    ),
  ]);
  return {
    searches: options.searches,
    hangs: oursSet[0]!.log.filter((r) => r.outcome === 'hang').length,
    answered: oursRuns.filter((r) => r.answered).length,
    p99Ms: percentile(
      oursRuns.map((r) => r.ms),
      99,
    ),
    loopP99Ms: percentile(
      loopRuns.map((r) => r.ms),
      99,
    ),
  };
}

/** What one contender got from a primary with a per-second quota, counted from the primary's own log. */
export interface QuotaUse {
  searches: number;
  answered: number;
  /** Searches the primary answered. */
  fromPrimary: number;
  /** Requests the primary refused with 429, past its quota. */
  overQuota: number;
}

export interface QuotaReport {
  quotaPerSecond: number;
  durationMs: number;
  ours: QuotaUse;
  loop: QuotaUse;
}

/**
 * A primary with a quota of `quotaPerSecond` requests a second (429 without Retry-After past it), two
 * healthy providers behind it; our client and the plain loop each search with `inFlight` searches at a time
 * for `durationMs`, side by side, each against its own primary.
 */
export async function runQuotaPrimary(options: {
  quotaPerSecond: number;
  durationMs: number;
  inFlight: number;
  latencyMs: readonly [number, number];
  seed: number;
}): Promise<QuotaReport> {
  const make = () => upstreams(options.seed, options.latencyMs, [perSecondQuota(options.quotaPerSecond)]);
  const until = performance.now() + options.durationMs;
  const contend = async (upstreamSet: InProcessUpstream[], search: (query: string) => Promise<string>) => {
    let searches = 0;
    let answered = 0;
    let fromPrimary = 0;
    const worker = async () => {
      while (performance.now() < until) {
        const query = `quota ${searches++}`;
        try {
          const provider = await search(query);
          answered++;
          if (provider === 'primary') fromPrimary++;
        } catch {
          // Counted by what is missing from `answered`.
        }
      }
    };
    await Promise.all(Array.from({ length: options.inFlight }, worker));
    const overQuota = upstreamSet[0]!.log.filter((r) => r.outcome === 'rate_limited').length;
    return { searches, answered, fromPrimary, overQuota };
  };
  const oursSet = make();
  const ours = createSearchClient({ providers: oursSet.map((u) => u.provider) });
  const loopSet = make();
  const loopProviders = loopSet.map((u) => u.provider);
  const [oursUse, loopUse] = await Promise.all([
    contend(oursSet, async (query) => (await ours.search({ query })).provider),
    contend(loopSet, (query) => plainLoop(loopProviders, ours.normalize({ query }))),
  ]);
  return {
    quotaPerSecond: options.quotaPerSecond,
    durationMs: options.durationMs,
    ours: oursUse,
    loop: loopUse,
  };
}
