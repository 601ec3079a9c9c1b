import { MemoryStore, withCache } from '@agent-search/cache';
import { createSearchClient } from '@agent-search/core';
import {
  type FaultRule,
  faultAtRate,
  type InProcessUpstream,
  inProcessUpstream,
  perSecondQuota,
} from './in-process-upstream.ts';
import { plainLoop } from './plain-loop.ts';
import { percentile, runConcurrent } from './stats.ts';

/** Faults each provider meets at random, independently: a 5xx, a malformed answer, an isolated 429. */
export const FAULT_KINDS = ['unavailable', 'provider_error', 'rate_limited'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export const FAULT_RATES = [0.01, 0.05, 0.1, 0.2] as const;
export const IN_FLIGHT = [1, 20, 200] as const;

const PROVIDER_IDS = ['primary', 'secondary', 'tertiary'] as const;

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

/** Whether a search through a client answered. */
const answers = (search: Promise<unknown>): Promise<boolean> =>
  search.then(
    () => true,
    () => false,
  );

async function answeredShare(
  searches: number,
  inFlight: number,
  search: (index: number) => Promise<boolean>,
): Promise<number> {
  const outcomes = await runConcurrent(searches, inFlight, search);
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
    answeredShare(searches, inFlight, (i) => answers(ours.search({ query: query(i) }))),
    answeredShare(searches, inFlight, (i) => answers(cached.search({ query: query(i) }))),
    answeredShare(searches, inFlight, async (i) => {
      const outcome = await plainLoop(loopProviders, ours.normalize({ query: query(i) }));
      return outcome.answeredBy !== undefined;
    }),
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

export interface HangOptions {
  searches: number;
  inFlight: number;
  hangRate: number;
  latencyMs: readonly [number, number];
  seed: number;
}

/** The setting: 5% of the primary's requests hang, answers in 10–30 ms, 20 searches in flight. */
export const HANGING_PRIMARY: HangOptions = {
  searches: 400,
  inFlight: 20,
  hangRate: 0.05,
  latencyMs: [10, 30],
  seed: 20,
};

/**
 * A primary that never answers `hangRate` of its requests (its other answers in `latencyMs`), two healthy
 * providers behind it: our client with default settings and the plain loop, side by side.
 */
export async function runHangingPrimary(options: HangOptions = HANGING_PRIMARY): Promise<HangReport> {
  const faults = [faultAtRate('hang', options.hangRate)];
  const make = () => upstreams(options.seed, options.latencyMs, faults);
  const oursSet = make();
  const ours = createSearchClient({ providers: oursSet.map((u) => u.provider) });
  const loopProviders = make().map((u) => u.provider);
  const query = (i: number) => `hanging primary ${i}`;
  const timed = async (search: () => Promise<boolean>) => {
    const started = performance.now();
    const answered = await search();
    return { answered, ms: performance.now() - started };
  };
  const [oursRuns, loopRuns] = await Promise.all([
    runConcurrent(options.searches, options.inFlight, (i) =>
      timed(() => answers(ours.search({ query: query(i) }))),
    ),
    runConcurrent(options.searches, options.inFlight, (i) =>
      timed(
        async () =>
          (await plainLoop(loopProviders, ours.normalize({ query: query(i) }))).answeredBy !== undefined,
      ),
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

export interface QuotaOptions {
  quotaPerSecond: number;
  durationMs: number;
  inFlight: number;
  latencyMs: readonly [number, number];
  seed: number;
}

/** The setting: 50 requests a second, answers in 10–30 ms, 20 searches in flight, for 3 s. */
export const QUOTA_PRIMARY: QuotaOptions = {
  quotaPerSecond: 50,
  durationMs: 3_000,
  inFlight: 20,
  latencyMs: [10, 30],
  seed: 20,
};

/**
 * A primary with a quota of `quotaPerSecond` requests a second (429 without Retry-After past it), two
 * healthy providers behind it; our client and the plain loop each search with `inFlight` searches at a time
 * for `durationMs`, side by side, each against its own primary.
 */
export async function runQuotaPrimary(options: QuotaOptions = QUOTA_PRIMARY): Promise<QuotaReport> {
  const make = () => upstreams(options.seed, options.latencyMs, [perSecondQuota(options.quotaPerSecond)]);
  const until = performance.now() + options.durationMs;
  const contend = async (
    upstreamSet: InProcessUpstream[],
    search: (query: string) => Promise<string | undefined>,
  ) => {
    let searches = 0;
    let answered = 0;
    let fromPrimary = 0;
    const worker = async () => {
      while (performance.now() < until) {
        const provider = await search(`quota ${searches++}`);
        if (provider !== undefined) answered++;
        if (provider === 'primary') fromPrimary++;
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
    contend(oursSet, (query) =>
      ours.search({ query }).then(
        (response) => response.provider,
        () => undefined,
      ),
    ),
    contend(loopSet, async (query) => (await plainLoop(loopProviders, ours.normalize({ query }))).answeredBy),
  ]);
  return {
    quotaPerSecond: options.quotaPerSecond,
    durationMs: options.durationMs,
    ours: oursUse,
    loop: loopUse,
  };
}
