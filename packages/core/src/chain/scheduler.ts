import type { SearchAttempt } from '../attempt.ts';
import type { SearchError } from '../errors.ts';
import { type ProviderResponse, requestCostUsd } from '../provider.ts';
import type { SearchRequest } from '../request.ts';
import type { SearchResponse } from '../response.ts';
import { normalizeResults } from '../result.ts';
import { Attempt, type AttemptEnd, type AttemptOwner, type AttemptRole, type ChainState } from './attempt.ts';
import type { Refusal } from './breaker.ts';
import { aggregateError, domainFilter, heldBackError, REFUSAL_REASONS } from './outcome.ts';
import type { Candidate, Plan } from './planner.ts';
import { costOf, recordExtras, searchResponse, totalCost } from './search-response.ts';

/** How the chain spends a search's time. */
export interface ChainTimes {
  /** The whole search. */
  timeoutMs: number;
  /** One provider. */
  attemptTimeoutMs: number;
  /** Least time kept for the next provider while one remains (more when its usual tail is longer). */
  reserveMs: number;
  /**
   * Hedging: a fixed delay, or adaptive (the running provider's `percentile` of its recent times,
   * `initialDelayMs` until known).
   */
  hedge: { delayMs: number | undefined; initialDelayMs: number; percentile: number } | undefined;
}

// A hedge earlier than this is noise, not a slow provider.
const MIN_HEDGE_DELAY_MS = 50;

/** Why the search's next primary starts: it is the first, or the one before it failed. */
type PrimaryStart = 'first' | 'failover';
/** Why a provider starts beside a running one: it is slow (`hedge`), or a trial or recovering (`companion`). */
type BesideStart = 'hedge' | 'companion';

/**
 * When a running attempt is hedged: the fixed delay, or adaptive: its provider's percentile the budget pays
 * for, but never later than the first delay (a provider whose tail is seconds long is hedged at that point
 * on more searches, and the budget bounds what that costs), nor earlier than noise.
 */
function hedgeDelayMs(hedge: NonNullable<ChainTimes['hedge']>, percentileMs: number | undefined): number {
  if (hedge.delayMs !== undefined) return hedge.delayMs;
  return Math.max(MIN_HEDGE_DELAY_MS, Math.min(percentileMs ?? hedge.initialDelayMs, hedge.initialDelayMs));
}

/** A provider its breaker held back from this search, and why. */
interface Deferred {
  candidate: Candidate;
  refusal: Refusal;
}

/**
 * One search's run through the chain. Failover: when an attempt fails, times out or answers with nothing,
 * the next provider its breaker admits starts. Hedging: when the running attempt is slower than its
 * provider's usual tail, the next healthy provider starts beside it (within the hedge budget), and a trial
 * always has one beside it, so no user waits on a recovering provider. Providers their breakers hold back are
 * skipped; when nothing else is left, those held back by our own judgement only (open, trial running,
 * throttled; never an upstream's Retry-After, a key, quota or block) are tried anyway, best first: panic, as
 * Envoy routes to every host when too many are ejected. Every attempt's limit ends within the deadline, so
 * the search does too.
 */
export class ChainRun implements AttemptOwner {
  readonly #state: ChainState;
  readonly #times: ChainTimes;
  readonly #request: SearchRequest;
  readonly #signal: AbortSignal | undefined;
  readonly #queue: Candidate[];
  readonly #deferred: Deferred[] = [];
  readonly #live: Attempt[] = [];
  readonly #attempts: SearchAttempt[];
  readonly #errors: SearchError[] = [];
  readonly #started: number;
  readonly #deadlineAt: number;
  #empty: { attempt: Attempt; answer: ProviderResponse | undefined } | undefined;
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
    if (end.kind === 'answer') {
      if (this.#answered(attempt, end.answer)) return;
    } else {
      if (!this.#hedgeRefusedByBudget(attempt, end)) this.#failed(attempt, end);
    }
    // A hedge still running may yet answer; else the next provider gets what is left of the deadline.
    if (this.#live.length > 0) return;
    if (!this.#startNext('failover')) this.#exhausted();
  }

  /** Records an answer; true when it had results and ended the search. */
  #answered(attempt: Attempt, answer: ProviderResponse | undefined): boolean {
    const request = attempt.candidate.request;
    // Only what the search shows is cleaned (a page of 30 results shows 5), after the domain filter.
    const results = normalizeResults(answer?.results ?? [], attempt.id, request.mode, {
      limit: request.maxResults,
      keep: domainFilter(request),
    });
    const ms = this.#state.now() - attempt.started;
    if (results.length > 0) {
      this.#attempts.push({ provider: attempt.id, outcome: 'success', ...recordExtras(attempt), ms });
      this.#finish(this.#response(attempt, answer, results));
      return true;
    }
    this.#attempts.push({
      provider: attempt.id,
      outcome: 'empty',
      reason: 'no results',
      ...recordExtras(attempt),
      ms,
    });
    this.#empty ??= { attempt, answer };
    return false;
  }

  /**
   * A hedge the spend budget had no room for was never sent (reported as skipped). Hedges may spend only a
   * share of the budget, a search's own requests the rest: its provider goes back to the front of the queue,
   * to be failed over to as the search's own request if the slow one fails.
   */
  #hedgeRefusedByBudget(attempt: Attempt, end: Exclude<AttemptEnd, { kind: 'answer' }>): boolean {
    if (attempt.role !== 'hedge' || end.error.code !== 'budget_exhausted') return false;
    this.#attempts.push({
      provider: attempt.id,
      outcome: 'skipped',
      code: end.error.code,
      reason: end.error.message,
      ms: this.#state.now() - attempt.started,
    });
    this.#queue.unshift(attempt.candidate);
    this.#state.budget.refund();
    return true;
  }

  /** Records a failure: an error, or its timer. */
  #failed(attempt: Attempt, end: Exclude<AttemptEnd, { kind: 'answer' }>): void {
    const { error } = end;
    this.#errors.push(error);
    // The spend budget had no room for its price: it was not sent, like any provider passed over.
    const outcome =
      error.code === 'budget_exhausted'
        ? 'skipped'
        : end.kind === 'error'
          ? 'error'
          : end.byDeadline
            ? 'deadline'
            : 'timeout';
    const record: SearchAttempt = {
      provider: attempt.id,
      outcome,
      code: error.code,
      reason: error.message,
      ...recordExtras(attempt),
      ms: this.#state.now() - attempt.started,
    };
    if (end.kind === 'timeout') record.limitMs = Math.round(attempt.options.limitMs);
    this.#attempts.push(record);
  }

  /** Past the deadline, every provider left is skipped: true when so. */
  #deadlineReached(): boolean {
    if (this.#deadlineAt - this.#state.now() > 0) return false;
    for (const c of this.#queue.splice(0)) {
      this.#attempts.push({ provider: c.provider.id, outcome: 'skipped', reason: 'deadline reached', ms: 0 });
    }
    return true;
  }

  /**
   * Starts the next provider its breaker admits (a trial when half-open); those it holds back are deferred.
   * When none is admitted and nothing runs: panic. False when nothing started.
   */
  #startNext(why: PrimaryStart): boolean {
    if (this.#deadlineReached()) return false;
    const { breakers, logger } = this.#state;
    while (this.#queue.length > 0) {
      const candidate = this.#queue.shift()!;
      const id = candidate.provider.id;
      const admission = breakers.admit(id);
      if (admission.kind === 'refused') {
        this.#defer(candidate, admission);
        continue;
      }
      if (why === 'failover') logger.info({ provider: id }, 'failing over');
      this.#launch(candidate, admission.kind === 'trial' ? 'trial' : 'primary');
      return true;
    }
    return this.#live.length === 0 && this.#panic();
  }

  /** A provider its breaker held back: reported as skipped, kept for panic and for the error's reason. */
  #defer(candidate: Candidate, refusal: Refusal): void {
    this.#deferred.push({ candidate, refusal });
    this.#attempts.push({
      provider: candidate.provider.id,
      outcome: 'skipped',
      reason: REFUSAL_REASONS[refusal.reason],
      ms: 0,
    });
  }

  /**
   * Starts a provider beside the running one, only a healthy one (breaker closed, not throttled, not
   * suspect), a free one first: a hedge is an extra request, and on a paid provider it costs money. A hedge
   * spends the hedge budget; a companion (beside a trial or a recovering provider) does not.
   */
  #startBeside(why: BesideStart): boolean {
    if (this.#deadlineReached()) return false;
    const { breakers, budget, logger } = this.#state;
    const healthy = (c: Candidate) => breakers.healthy(c.provider.id);
    const free = this.#queue.findIndex((c) => healthy(c) && requestCostUsd(c.provider, c.request) === 0);
    const index = free >= 0 ? free : this.#queue.findIndex(healthy);
    if (index < 0) return false;
    if (why === 'hedge' && !budget.tryHedge()) return false;
    const candidate = this.#queue[index]!;
    if (breakers.admit(candidate.provider.id).kind !== 'closed') {
      if (why === 'hedge') budget.refund();
      return false;
    }
    this.#queue.splice(index, 1);
    logger.info({ provider: candidate.provider.id, hedge: why }, 'hedging with next provider');
    this.#launch(candidate, 'hedge');
    return true;
  }

  /**
   * Nothing is running and every provider left is held back. Those held back by our own judgement only are
   * tried anyway, the one whose wait ends first first, each once per search: a search is never refused while
   * a provider might answer it. The upstream's own waits and failures that do not heal in seconds stand.
   */
  #panic(): boolean {
    const { breakers, logger } = this.#state;
    const ends = (d: Deferred) => breakers.state(d.candidate.provider.id).coolingUntil ?? 0;
    const eligible = this.#deferred.filter((d) => d.refusal.panic).sort((a, b) => ends(a) - ends(b));
    const chosen = eligible.find((d) => breakers.admitInPanic(d.candidate.provider.id));
    if (!chosen) return false;
    const id = chosen.candidate.provider.id;
    this.#deferred.splice(this.#deferred.indexOf(chosen), 1);
    // It was reported as skipped when deferred; now it is tried after all.
    const skipped = this.#attempts.findIndex((a) => a.provider === id && a.outcome === 'skipped');
    if (skipped >= 0) this.#attempts.splice(skipped, 1);
    logger.info(
      { provider: id, held: chosen.refusal.reason },
      'every provider is held back; trying one anyway',
    );
    this.#launch(chosen.candidate, 'panic');
    return true;
  }

  #launch(candidate: Candidate, role: AttemptRole): void {
    const next = role === 'hedge' ? undefined : this.#nextAvailable();
    // A provider that timed out and answered nothing since may hang again: company, as for a trial.
    const recovering =
      (role === 'primary' || role === 'panic') && this.#state.breakers.recovering(candidate.provider.id);
    const attempt = new Attempt(this.#state, this, candidate, {
      role,
      ...this.#limit(next),
      recovering,
    });
    this.#live.push(attempt);
    attempt.start();
    if (this.#settled || role === 'hedge') return;
    // A recovering provider may hang again: the user gets the next provider's answer meanwhile.
    if ((role === 'trial' || recovering) && this.#startBeside('companion')) return;
    if (next && this.#times.hedge) this.#scheduleHedge(attempt, this.#times.hedge);
  }

  /**
   * An attempt's limit: the attempt timeout within what is left of the deadline, leaving the `next` provider
   * room: its usual tail and a quarter, at least `reserveMs`, never more than half. A late timer may push it
   * back to the deadline less that room, never into it (`graceUntil`).
   */
  #limit(next: Candidate | undefined): { limitMs: number; byDeadline: boolean; graceUntil: number } {
    const times = this.#times;
    const now = this.#state.now();
    const remaining = this.#deadlineAt - now;
    let limit = Math.min(times.attemptTimeoutMs, remaining);
    let latest = remaining;
    if (next) {
      const reserve = Math.max(times.reserveMs, 1.25 * (this.#state.latency.tailMs(next.provider.id) ?? 0));
      latest = Math.max(remaining - reserve, remaining / 2);
      limit = Math.min(limit, latest);
    }
    return { limitMs: Math.max(1, limit), byDeadline: limit >= remaining, graceUntil: now + latest };
  }

  /** The first queued provider that could start now (closed, or half-open with its trial free). */
  #nextAvailable(): Candidate | undefined {
    const { breakers } = this.#state;
    return this.#queue.find((c) => breakers.available(c.provider.id));
  }

  /** Starts a hedge beside `attempt` if it is still running past its provider's usual time. */
  #scheduleHedge(attempt: Attempt, hedge: NonNullable<ChainTimes['hedge']>): void {
    const delay = hedgeDelayMs(hedge, this.#state.latency.percentileMs(attempt.id, hedge.percentile));
    if (delay >= attempt.options.limitMs) return; // its timer fails it over first
    const { breakers } = this.#state;
    const due = () => {
      if (this.#settled || !this.#live.includes(attempt)) return;
      if (!attempt.overdue) {
        attempt.overdue = true;
        breakers.markOverdue(attempt.id, attempt.started + attempt.options.limitMs);
      }
      // Every provider left is only briefly unfit for a hedge (one of its own attempts is overdue, or it is
      // throttled): look again shortly rather than leave the slowest searches unhedged.
      const later = !this.#queue.some((c) => breakers.healthy(c.provider.id));
      if (this.#startBeside('hedge')) attempt.hedged = true;
      else if (later && this.#queue.some((c) => breakers.available(c.provider.id))) {
        this.#hedgeTimer = setTimeout(due, MIN_HEDGE_DELAY_MS);
      }
    };
    clearTimeout(this.#hedgeTimer);
    this.#hedgeTimer = setTimeout(due, delay);
  }

  /** Nothing is running and nothing may start: the best answer we have, or one error for everything. */
  #exhausted(): void {
    if (this.#empty) {
      const { attempt, answer } = this.#empty;
      this.#finish(this.#response(attempt, answer, []));
      return;
    }
    const { breakers, now } = this.#state;
    // Providers held back say why, with the wait left: a single rate-limited provider fails fast with
    // `rate_limited` and its Retry-After rather than with no reason.
    for (const { candidate, refusal } of this.#deferred) {
      this.#errors.push(
        heldBackError(candidate.provider, refusal, breakers.state(candidate.provider.id), now()),
      );
    }
    this.#finish(undefined, aggregateError(this.#request, this.#attempts, this.#errors));
  }

  #response(attempt: Attempt, answer: ProviderResponse | undefined, results: SearchResponse['results']) {
    const now = this.#state.now();
    return searchResponse(this.#request, attempt, answer, results, {
      attempts: this.#attempts,
      // Attempts still running were sent: they cost too.
      costUsd: totalCost([...this.#attempts, ...this.#live.map((a) => costOf(a))]),
      searchTimeMs: now - this.#started,
      now,
    });
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
        ...recordExtras(attempt),
        ms: now - attempt.started,
      });
      attempt.leave(reason);
    }
    this.#live.length = 0;
    if (response) this.#resolve(response);
    else this.#reject(error);
  }
}
