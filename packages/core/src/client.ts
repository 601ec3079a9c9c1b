import type { Span } from '@opentelemetry/api';
import type { SpendBudget } from './budget/spend-budget.ts';
import type { ChainState } from './chain/attempt.ts';
import type { BreakerOptions, ProviderHealth } from './chain/breaker.ts';
import { Breakers } from './chain/breakers.ts';
import type { ChainTimes } from './chain/chain-times.ts';
import { FleetSync, type FleetSyncOptions } from './chain/fleet-sync.ts';
import { HedgeBudget, type HedgeUsage } from './chain/hedge-budget.ts';
import { LatencyTracker } from './chain/latency.ts';
import { aggregateError } from './chain/outcome.ts';
import { planSearch, selectProviders } from './chain/planner.ts';
import { ChainRun } from './chain/scheduler.ts';
import type { ChainStateStore } from './chain/shared-state.ts';
import { type SearchDeadline, searchDeadline, timeLeft } from './deadline.ts';
import { isSearchError, SearchError } from './errors.ts';
import { type Logger, silentLogger } from './logger.ts';
import { BUILT_IN_PROFILES, type ProfileSet, resolveProfile } from './profiles.ts';
import type { SearchProvider } from './provider.ts';
import { type NormalizedRequest, normalizeRequest, type SearchRequestInput } from './request.ts';
import type { SearchResponse } from './response.ts';
import { SPAN_STATUS_ERROR, tracer } from './tracing.ts';

export interface HedgeOptions {
  /**
   * Start the next provider when the running one has not answered after this many ms. Default: adaptive,
   * the running provider's usual tail (the 90th percentile of its recent answers), between 50 and 800 ms
   * (800 ms until known).
   */
  delayMs?: number;
  /** Share of searches that may start a hedge (0..1, plus one), so paid APIs don't double cost. Default 0.1. */
  budget?: number;
}

export interface SearchClientOptions {
  /** Providers in priority order: the first that can serve a request is tried first. */
  providers: readonly SearchProvider[];
  /** One deadline for the whole search, every provider included. Default 8000 ms. */
  timeoutMs?: number;
  /** Longest wait for a single provider inside that deadline. Default 4000 ms. */
  attemptTimeoutMs?: number;
  /**
   * Least time kept for the next provider while one remains: an attempt never takes more of the deadline
   * than what is left minus this (or the next provider's usual tail, when longer), nor less than half.
   * Default 1000 ms.
   */
  reserveMs?: number;
  /** Hedging: adaptive by default (it only acts with a second provider); false turns it off. */
  hedge?: HedgeOptions | false;
  /**
   * Hedge budget use saved from another client (`client.hedgeUsage()`), so the share holds across
   * processes that share state (the CLI keeps it in its state file).
   */
  initialHedgeUsage?: HedgeUsage;
  /** Results per search when the request does not say (1..10). Default 5. */
  defaultMaxResults?: number;
  /** Search profiles a request may name (`profile: 'news'`). Default: the built-in ones. */
  profiles?: ProfileSet;
  /** When a provider's breaker opens and for how long (see docs/chain.md). */
  breaker?: BreakerOptions;
  /**
   * Provider health saved from another client (`client.health()`), such as the CLI's previous run: open
   * breakers and upstream waits carry over. Entries for providers this client lacks are ignored.
   */
  initialHealth?: readonly ProviderHealth[];
  /**
   * A fleet's shared state (`createRedisChainState` from `@agent-search/cache`): breaker openings, upstream
   * waits, the one trial of a half-open provider and the hedge budget are shared by every process using it.
   */
  sharedState?: { store: ChainStateStore } & Partial<Omit<FleetSyncOptions, 'trialMs'>>;
  /**
   * A spend budget for paid providers (`spendBudgetFromEnv`, SEARCH_BUDGET_USD): each paid request reserves
   * its price first; one that would pass the budget is not sent, and the chain goes on to a free provider.
   */
  spendBudget?: SpendBudget;
  logger?: Logger;
  /** Clock, for tests. */
  now?: () => number;
}

export interface SearchOptions {
  /** Cancels every request in flight; the search rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Who is asking, for per-user rate limits. */
  userId?: string;
  /**
   * Restricts this search to these provider ids, tried in this order (failover and hedging stay within
   * them). An unknown or repeated id is `invalid_request`. Default: every provider, in priority order.
   */
  providers?: readonly string[];
  /**
   * This search's deadline in ms, instead of the client's. The outermost layer fixes it as an absolute time
   * that travels down on the search's `signal` (`searchDeadline`); layers under it read that one and pass
   * what is left here only for clients that do not.
   */
  timeoutMs?: number;
}

export interface SearchClient {
  /**
   * Searches. `input` is what a caller wrote, or a request `normalize` made, which is taken as it is: the
   * outermost layer validates, the layers under it pass the normalized request on.
   */
  search(input: SearchRequestInput | NormalizedRequest, options?: SearchOptions): Promise<SearchResponse>;
  /**
   * Validates a request with this client's defaults (wrappers such as the cache key on the result); a
   * request it already normalized comes back as it is, its profile name checked against this client's.
   */
  normalize(input: unknown): NormalizedRequest;
  /** The providers in priority order. */
  readonly providers: readonly SearchProvider[];
  /**
   * The search profiles a request may name: the built-ins plus any user-defined ones. Wrappers read them
   * too (the cache takes each profile's TTL from here).
   */
  readonly profiles: ProfileSet;
  /** The deadline of a search, in ms (wrappers count their own waits against it). */
  readonly timeoutMs?: number;
  /** Every provider's breaker, as data. */
  health(): ProviderHealth[];
  /** Searches and hedges so far, to carry the hedge budget to another process. */
  hedgeUsage?(): HedgeUsage;
  /** Sends what the client learned to its shared state (a process about to exit), waiting at most `ms`. */
  flush?(ms?: number): Promise<void>;
}

// Layers over a client (cache, limits, page content) are built with it.
export { type SearchClientOverrides, wrapSearchClient } from './wrap-client.ts';
export { aggregateError };

/** The longest delay a Node timer takes: a longer one fires at once (TimeoutOverflowWarning). */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The percentile of the running provider's recent times past which a search hedges: as early as the budget
 * pays for (the 91.2th with the default 10%), with 12% of the budget kept for the estimate's wobble, so the
 * budget does not run dry on the slowest searches, which are the ones hedging is for. Never before the median.
 */
function hedgePercentile(share: number): number {
  return Math.min(0.99, Math.max(0.5, 1 - 0.88 * share));
}

function positive(value: number | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${name} must be a positive number of ms`);
  if (value > MAX_TIMER_MS)
    throw new RangeError(`${name} must be at most ${MAX_TIMER_MS} ms (about 24 days)`);
  return value;
}

function endSpan(span: Span, outcome: Promise<SearchResponse>): Promise<SearchResponse> {
  return outcome.then(
    (response) => {
      span.setAttributes({
        'search.provider': response.provider,
        'search.results': response.results.length,
        'search.cost_usd': response.costUsd ?? 0,
      });
      span.end();
      return response;
    },
    (error: unknown) => {
      span.setStatus({ code: SPAN_STATUS_ERROR, message: isSearchError(error) ? error.code : 'aborted' });
      span.end();
      throw error;
    },
  );
}

/** The ids of `providers`, each once: a provider listed twice is a configuration mistake. */
function providerIds(providers: readonly SearchProvider[]): Set<string> {
  const ids = new Set<string>();
  for (const p of providers) {
    if (ids.has(p.id)) throw new TypeError(`Provider "${p.id}" is listed twice`);
    ids.add(p.id);
  }
  return ids;
}

/** The share of searches that may hedge (0..1), checked. */
function hedgeShare(options: SearchClientOptions): number {
  const share = (options.hedge || undefined)?.budget ?? 0.1;
  if (!(share >= 0 && share <= 1)) throw new RangeError('hedge.budget must be between 0 and 1');
  return share;
}

/** How the chain spends a search's time, from the client's options, each checked. */
function chainTimes(options: SearchClientOptions): ChainTimes {
  const hedge = options.hedge === false ? undefined : (options.hedge ?? {});
  const share = hedgeShare(options);
  return {
    timeoutMs: positive(options.timeoutMs, 'timeoutMs', 8_000),
    attemptTimeoutMs: positive(options.attemptTimeoutMs, 'attemptTimeoutMs', 4_000),
    reserveMs: positive(options.reserveMs, 'reserveMs', 1_000),
    hedge: hedge
      ? {
          delayMs: hedge.delayMs === undefined ? undefined : positive(hedge.delayMs, 'hedge.delayMs', 0),
          initialDelayMs: 800,
          percentile: hedgePercentile(share),
        }
      : undefined,
  };
}

/**
 * The chain's times for a search whose one deadline is `deadline`: what is left of it. A caller's
 * `timeoutMs` a timer cannot hold is the caller's mistake (`invalid_request`); a deadline a layer above
 * used up is the search's `timeout`.
 */
function timesWithin(times: ChainTimes, deadline: SearchDeadline): ChainTimes {
  try {
    positive(deadline.ms, 'timeoutMs', times.timeoutMs);
  } catch (error) {
    throw new SearchError('invalid_request', (error as Error).message);
  }
  const left = timeLeft(deadline, 'before reaching a provider');
  // Searches left with the whole default share the client's times; the rest get their own copy.
  return left === times.timeoutMs ? times : { ...times, timeoutMs: left };
}

/** The chain's state: breakers (restored from `initialHealth`), latencies, the hedge and spend budgets. */
function chainState(options: SearchClientOptions, ids: Set<string>, share: number): ChainState {
  const now = options.now ?? Date.now;
  const breakers = new Breakers(ids, options.breaker ?? {}, now);
  if (Array.isArray(options.initialHealth)) breakers.merge(options.initialHealth);
  const budget = new HedgeBudget(share);
  if (options.initialHedgeUsage) budget.restore(options.initialHedgeUsage);
  return {
    breakers,
    latency: new LatencyTracker(now),
    budget,
    spend: options.spendBudget,
    logger: options.logger ?? silentLogger,
    now,
  };
}

/** The fleet's shared state, when the client has one (`sharedState`). */
function fleetSync(
  options: SearchClientOptions,
  state: ChainState,
  ids: Set<string>,
  times: ChainTimes,
): FleetSync | undefined {
  const { store, ...syncOptions } = options.sharedState ?? {};
  if (!store) return undefined;
  const { breakers, budget, logger, now } = state;
  return new FleetSync(
    store,
    { breakers, budget, ids: [...ids], logger, now },
    { ...syncOptions, trialMs: Math.max(times.attemptTimeoutMs, 1_000) },
  );
}

/**
 * The single entry point: validate → span → chain. The chain (`./chain/`) asks providers in priority
 * order inside one deadline, failing over on errors and empty answers, holding back providers whose breaker
 * is open, and hedging slow ones.
 */
export function createSearchClient(options: SearchClientOptions): SearchClient {
  const providers = [...options.providers];
  const ids = providerIds(providers);
  const times = chainTimes(options);
  const { timeoutMs } = times;
  const now = options.now ?? Date.now;
  const profiles = options.profiles ?? BUILT_IN_PROFILES;
  const state = chainState(options, ids, hedgeShare(options));
  const { breakers, budget } = state;
  const fleet = fleetSync(options, state, ids, times);

  /** Validates a request, its profile name included, so wrappers (cache, limits) reject it before any work. */
  function normalize(input: unknown): NormalizedRequest {
    const request = normalizeRequest(input, { maxResults: options.defaultMaxResults });
    if (request.profile) resolveProfile(request.profile, profiles);
    return request;
  }

  return {
    providers,
    profiles,
    timeoutMs,
    health: () => breakers.snapshot(providers.map((p) => p.id)),
    hedgeUsage: () => budget.usage(),
    flush: async (ms) => fleet?.flush(ms),
    normalize,
    async search(input, searchOptions = {}) {
      // Validate (a request a layer above normalized is taken as it is), and read the one deadline.
      const request = normalize(input);
      const chosen = selectProviders(providers, searchOptions.providers);
      // Always defined: the client has a deadline of its own.
      const deadline = searchDeadline(searchOptions, timeoutMs, now) as SearchDeadline;
      timesWithin(times, deadline);
      // normalize() checked the name.
      const profile = request.profile ? profiles[request.profile] : undefined;
      // The fleet's view first: only the first search waits for it, and briefly, out of the deadline.
      const synced = fleet?.beforeSearch();
      if (synced) await synced;
      const within = timesWithin(times, deadline);
      const plan = planSearch(chosen, request, profile, breakers);
      if (plan.candidates.length === 0) throw aggregateError(request, plan.skipped, []);
      // Span, then chain.
      const span = tracer.startSpan('agent-search.search', {
        attributes: { 'search.mode': request.mode, 'search.profile': request.profile ?? '' },
      });
      return endSpan(span, new ChainRun(state, within, request, plan, searchOptions.signal).run());
    },
  };
}
