import type { SearchAttempt } from '../attempt.ts';
import { SearchError } from '../errors.ts';
import type { ProviderResponse } from '../provider.ts';
import type { SearchRequest } from '../request.ts';
import type { SearchResponse } from '../response.ts';
import { normalizeResults } from '../result.ts';
import { Attempt, type AttemptEnd, type AttemptOwner, type ChainState } from './attempt.ts';
import { aggregateError, filterByDomains } from './outcome.ts';
import type { Candidate, Plan } from './planner.ts';

/** How the chain spends a search's time. */
export interface ChainTimes {
  /** The whole search. */
  timeoutMs: number;
  /** One provider. */
  attemptTimeoutMs: number;
  /** Least time kept for the next provider while one remains (more when its usual tail is longer). */
  reserveMs: number;
  /** Hedging: a fixed delay, or adaptive (the running provider's usual tail, `initialDelayMs` until known). */
  hedge: { delayMs: number | undefined; initialDelayMs: number } | undefined;
}

// A hedge earlier than this is noise, not a slow provider.
const MIN_HEDGE_DELAY_MS = 50;

type Start = 'first' | 'failover' | 'hedge' | 'companion';

/**
 * One search's run through the chain. Failover: when an attempt fails, times out or answers with nothing,
 * the next eligible provider starts. Hedging: when the running attempt is slower than its provider's usual
 * tail, the next healthy provider starts beside it (within the hedge budget), and a probe always has one
 * beside it, so no user waits on a recovering provider. Cooling providers are skipped; when nothing else is
 * left, one whose wait the upstream did not set is tried as a last resort. Every attempt's limit ends
 * within the deadline, so the search does too.
 */
export class ChainRun implements AttemptOwner {
  readonly #state: ChainState;
  readonly #times: ChainTimes;
  readonly #request: SearchRequest;
  readonly #signal: AbortSignal | undefined;
  readonly #queue: Candidate[];
  readonly #deferred: Candidate[] = [];
  readonly #live: Attempt[] = [];
  readonly #attempts: SearchAttempt[];
  readonly #errors: SearchError[] = [];
  readonly #started: number;
  readonly #deadlineAt: number;
  #empty: { attempt: Attempt; answer: ProviderResponse | undefined } | undefined;
  #lastResortUsed = false;
  #settled = false;
  #hedgeTimer: ReturnType<typeof setTimeout> | undefined;
  #resolve!: (response: SearchResponse) => void;
  #reject!: (error: unknown) => void;
  #onAbort: (() => void) | undefined;

  constructor(
    state: ChainState,
    times: ChainTimes,
    request: SearchRequest,
    plan: Plan,
    signal: AbortSignal | undefined,
  ) {
    this.#state = state;
    this.#times = times;
    this.#request = request;
    this.#signal = signal;
    this.#queue = plan.candidates;
    this.#attempts = plan.skipped;
    this.#started = state.now();
    this.#deadlineAt = this.#started + times.timeoutMs;
  }

  run(): Promise<SearchResponse> {
    return new Promise<SearchResponse>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
      const signal = this.#signal;
      if (signal) {
        if (signal.aborted) return reject(signal.reason);
        this.#onAbort = () => this.#finish(undefined, signal.reason);
        signal.addEventListener('abort', this.#onAbort, { once: true });
      }
      this.#state.budget.countSearch();
      if (!this.#startNext('first')) this.#exhausted();
    });
  }

  attemptEnded(attempt: Attempt, end: AttemptEnd): void {
    const live = this.#live.indexOf(attempt);
    if (this.#settled || live < 0) return;
    this.#live.splice(live, 1);
    const id = attempt.id;
    const ms = this.#state.now() - attempt.started;
    if (end.kind === 'answer') {
      const request = attempt.candidate.request;
      const results = filterByDomains(request, normalizeResults(end.answer?.results ?? [], id, request.mode));
      if (results.length > 0) {
        this.#attempts.push({ provider: id, outcome: 'success', ms });
        this.#finish(this.#response(attempt, end.answer, results));
        return;
      }
      this.#attempts.push({ provider: id, outcome: 'empty', reason: 'no results', ms });
      this.#empty ??= { attempt, answer: end.answer };
    } else {
      const { error } = end;
      this.#errors.push(error);
      const outcome = end.kind === 'error' ? 'error' : end.byDeadline ? 'deadline' : 'timeout';
      const record: SearchAttempt = { provider: id, outcome, code: error.code, reason: error.message, ms };
      if (end.kind === 'timeout') record.limitMs = Math.round(attempt.options.limitMs);
      this.#attempts.push(record);
    }
    // A hedge still running may yet answer; else the next provider gets what is left of the deadline.
    if (this.#live.length > 0) return;
    if (!this.#startNext('failover')) this.#exhausted();
  }

  /** Starts the next provider the way `how` says; false when none may start. */
  #startNext(how: Start): boolean {
    const { health, budget, logger, now } = this.#state;
    if (this.#deadlineAt - now() <= 0) {
      for (const c of this.#queue.splice(0)) {
        this.#attempts.push({
          provider: c.provider.id,
          outcome: 'skipped',
          reason: 'deadline reached',
          ms: 0,
        });
      }
      return false;
    }
    if (how === 'hedge' || how === 'companion') {
      // Only to a healthy provider: a hedge never lands on one that is cooling down or being probed.
      const index = this.#queue.findIndex((c) => health.healthy(c.provider.id));
      if (index < 0) return false;
      if (how === 'hedge' && !budget.tryHedge()) return false;
      const [candidate] = this.#queue.splice(index, 1);
      logger.info({ provider: candidate!.provider.id, hedge: how }, 'hedging with next provider');
      this.#launch(candidate!, false, true);
      return true;
    }
    while (this.#queue.length > 0) {
      const candidate = this.#queue.shift()!;
      const id = candidate.provider.id;
      const acquired = health.tryAcquire(id);
      if (!acquired) {
        this.#deferred.push(candidate);
        this.#attempts.push({ provider: id, outcome: 'skipped', reason: 'cooling down', ms: 0 });
        continue;
      }
      if (how === 'failover') logger.info({ provider: id }, 'failing over');
      this.#launch(candidate, acquired === 'probe', false);
      return true;
    }
    // Every remaining provider is cooling down. Rather than fail without trying, try the one whose cool-down
    // ends first, once per search, unless the upstream set the wait itself or the failure does not heal soon.
    if (this.#live.length > 0 || this.#lastResortUsed || this.#deferred.length === 0) return false;
    this.#lastResortUsed = true;
    const byEnd = [...this.#deferred].sort(
      (a, b) => health.coolingUntil(a.provider.id) - health.coolingUntil(b.provider.id),
    );
    const chosen = byEnd.find((c) => health.tryLastResort(c.provider.id));
    if (!chosen) return false;
    this.#deferred.splice(this.#deferred.indexOf(chosen), 1);
    // It was reported as skipped when deferred; now it is tried after all.
    const skipped = this.#attempts.findIndex(
      (a) => a.provider === chosen.provider.id && a.outcome === 'skipped',
    );
    if (skipped >= 0) this.#attempts.splice(skipped, 1);
    this.#launch(chosen, true, false);
    return true;
  }

  #launch(candidate: Candidate, probe: boolean, hedge: boolean): void {
    const { now } = this.#state;
    const times = this.#times;
    const remaining = this.#deadlineAt - now();
    let limit = Math.min(times.attemptTimeoutMs, remaining);
    // Leave the next provider room: its usual tail and a quarter, at least `reserveMs`, never more than half.
    const next = hedge ? undefined : this.#nextAvailable();
    if (next) {
      const reserve = Math.max(times.reserveMs, 1.25 * (this.#state.latency.tailMs(next.provider.id) ?? 0));
      limit = Math.min(limit, Math.max(remaining - reserve, remaining / 2));
    }
    const attempt = new Attempt(this.#state, this, candidate, {
      limitMs: Math.max(1, limit),
      byDeadline: limit >= remaining,
      probe,
      hedge,
    });
    this.#live.push(attempt);
    attempt.start();
    if (this.#settled || hedge) return;
    // A recovering provider may hang again: the user gets the next provider's answer meanwhile.
    if (probe && this.#startNext('companion')) return;
    if (next && times.hedge) this.#scheduleHedge(attempt, times.hedge);
  }

  /** The first queued provider that could start now (healthy, or its cool-down over and not being probed). */
  #nextAvailable(): Candidate | undefined {
    const { health } = this.#state;
    return this.#queue.find((c) => health.available(c.provider.id));
  }

  #scheduleHedge(attempt: Attempt, hedge: NonNullable<ChainTimes['hedge']>): void {
    // Adaptive: the provider's usual tail, but never later than the first delay: a provider whose tail is
    // seconds long is hedged at that point on more searches, and the budget bounds what that costs.
    const delay =
      hedge.delayMs ??
      Math.max(
        MIN_HEDGE_DELAY_MS,
        Math.min(this.#state.latency.tailMs(attempt.id) ?? hedge.initialDelayMs, hedge.initialDelayMs),
      );
    if (delay >= attempt.options.limitMs) return; // its timer fails it over first
    clearTimeout(this.#hedgeTimer);
    this.#hedgeTimer = setTimeout(() => {
      if (this.#settled || !this.#live.includes(attempt)) return;
      attempt.overdue = true;
      this.#state.health.markOverdue(attempt.id, attempt.started + attempt.options.limitMs);
      if (this.#startNext('hedge')) attempt.hedged = true;
    }, delay);
  }

  /** Nothing is running and nothing may start: the best answer we have, or one error for everything. */
  #exhausted(): void {
    if (this.#empty) {
      const { attempt, answer } = this.#empty;
      this.#finish(this.#response(attempt, answer, []));
      return;
    }
    const { health, now } = this.#state;
    // Providers skipped as cooling say why, with the wait left: a single rate-limited provider fails fast
    // with `rate_limited` and its Retry-After rather than with no reason.
    for (const c of this.#deferred) {
      const id = c.provider.id;
      const code = health.coolingCode(id);
      const waitMs = Math.max(0, health.coolingUntil(id) - now());
      this.#errors.push(
        new SearchError(
          code,
          health.probing(id) && waitMs === 0
            ? `${c.provider.name} is being probed by another search after ${code}`
            : `${c.provider.name} is cooling down after ${code}; next try in ${Math.ceil(waitMs / 1000)} s`,
          { provider: id, ...(waitMs > 0 ? { retryAfterMs: waitMs } : {}) },
        ),
      );
    }
    this.#finish(undefined, aggregateError(this.#request, this.#attempts, this.#errors));
  }

  #response(attempt: Attempt, answer: ProviderResponse | undefined, results: SearchResponse['results']) {
    const now = this.#state.now();
    const limited = results.slice(0, this.#request.maxResults);
    const response: SearchResponse = {
      query: this.#request.query,
      mode: attempt.candidate.request.mode,
      results: limited,
      provider: attempt.id,
      cached: false,
      searchTimeMs: now - this.#started,
      totalResults: Math.max(limited.length, answer?.totalResults ?? 0),
      fetchedAt: new Date(now).toISOString(),
      attempts: this.#attempts,
    };
    return response;
  }

  #finish(response: SearchResponse | undefined, error?: unknown): void {
    if (this.#settled) return;
    this.#settled = true;
    clearTimeout(this.#hedgeTimer);
    if (this.#onAbort) this.#signal?.removeEventListener('abort', this.#onAbort);
    const reason = response ? 'lost' : 'aborted';
    const now = this.#state.now();
    for (const attempt of this.#live) {
      this.#attempts.push({
        provider: attempt.id,
        outcome: reason,
        reason: reason === 'lost' ? 'another provider answered first' : 'the search was cancelled',
        ms: now - attempt.started,
      });
      attempt.leave(reason);
    }
    this.#live.length = 0;
    if (response) this.#resolve(response);
    else this.#reject(error);
  }
}
