import type { SearchError } from '../errors.ts';
import type { ProviderResponse } from '../provider.ts';
import type { SearchRequest } from '../request.ts';
import type { SearchResponse } from '../response.ts';
import { normalizeResults } from '../result.ts';
import { Attempt, type AttemptEnd, type AttemptOwner, type AttemptRole, type ChainState } from './attempt.ts';
import { CandidateQueue } from './candidate-queue.ts';
import { attemptLimit, type ChainTimes } from './chain-times.ts';
import { HedgeTimer } from './hedge-timer.ts';
import { filterByDomains, heldBackError } from './outcome.ts';
import type { Candidate, Plan } from './planner.ts';
import { RunRecord } from './run-record.ts';

/** Why a provider starts beside a running one: it is slow (`hedge`), or a trial or recovering (`companion`). */
type BesideStart = 'hedge' | 'companion';

/**
 * One search's run through the chain: it starts attempts, hears how they end and settles the search once.
 * Its parts: the `CandidateQueue` says which provider may start, the `HedgeTimer` when a slow one gets
 * company, `attemptLimit` how long each may take, the `RunRecord` what is reported.
 *
 * Failover: when an attempt fails, times out or answers with nothing, the next provider its breaker admits
 * starts. Hedging: when the running attempt is slower than its provider's usual tail, the next healthy
 * provider starts beside it (within the hedge budget), and a trial always has one beside it, so no user
 * waits on a recovering provider. Providers their breakers hold back are skipped; when nothing else is
 * left, those held back by our own judgement only (open, trial running, throttled; never an upstream's
 * Retry-After, a key, quota or block) are tried anyway, best first: panic, as Envoy routes to every host
 * when too many are ejected. Every attempt's limit ends within the deadline, so the search does too.
 */
export class ChainRun implements AttemptOwner {
  readonly #state: ChainState;
  readonly #times: ChainTimes;
  readonly #request: SearchRequest;
  readonly #signal: AbortSignal | undefined;
  readonly #record: RunRecord;
  readonly #queue: CandidateQueue;
  readonly #hedges: HedgeTimer;
  readonly #live: Attempt[] = [];
  readonly #started: number;
  readonly #deadlineAt: number;
  #settled = false;
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
    this.#record = new RunRecord(plan.skipped, state.now);
    this.#queue = new CandidateQueue(plan.candidates, state.breakers, this.#record);
    this.#hedges = new HedgeTimer(state, this.#queue, {
      running: (attempt) => !this.#settled && this.#live.includes(attempt),
      startHedge: () => this.#startBeside('hedge'),
    });
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
      if (!this.#startNext(false)) this.#exhausted();
    });
  }

  attemptEnded(attempt: Attempt, end: AttemptEnd): void {
    const live = this.#live.indexOf(attempt);
    if (this.#settled || live < 0) return;
    this.#live.splice(live, 1);
    if (end.kind === 'answer') {
      if (this.#answered(attempt, end.answer)) return;
    } else if (attempt.role === 'hedge' && end.error.code === 'budget_exhausted') {
      this.#hedgeNotSent(attempt, end.error);
    } else this.#record.failed(attempt, end);
    // A hedge still running may yet answer; else the next provider gets what is left of the deadline.
    if (this.#live.length > 0) return;
    if (!this.#startNext(true)) this.#exhausted();
  }

  /** Records an answer; true when it had results and ended the search. */
  #answered(attempt: Attempt, answer: ProviderResponse | undefined): boolean {
    const request = attempt.candidate.request;
    const results = filterByDomains(
      request,
      normalizeResults(answer?.results ?? [], attempt.id, request.mode),
    );
    if (results.length === 0) {
      this.#record.answeredEmpty(attempt, answer);
      return false;
    }
    this.#record.answered(attempt);
    this.#finish(
      this.#record.response(this.#request, { attempt, answer, results }, this.#live, this.#started),
    );
    return true;
  }

  /**
   * A hedge the spend budget had no room for was never sent (reported as skipped). Hedges may spend only a
   * share of the budget, a search's own requests the rest: its provider goes back to the front of the queue,
   * to be failed over to as the search's own request if the slow one fails.
   */
  #hedgeNotSent(attempt: Attempt, error: SearchError): void {
    this.#record.notSent(attempt, error);
    this.#queue.putBack(attempt.candidate);
    this.#state.budget.refund();
  }

  /** Past the deadline, every provider left is skipped: true when so. */
  #deadlineReached(): boolean {
    if (this.#deadlineAt - this.#state.now() > 0) return false;
    this.#queue.skipRest('deadline reached');
    return true;
  }

  /**
   * Starts the next provider its breaker admits (a trial when half-open); when none is admitted and
   * nothing runs: panic. `failover`: the one before it failed. False when nothing started.
   */
  #startNext(failover: boolean): boolean {
    if (this.#deadlineReached()) return false;
    const next = this.#queue.admitNext();
    if (next) {
      if (failover) this.#state.logger.info({ provider: next.candidate.provider.id }, 'failing over');
      this.#launch(next.candidate, next.role);
      return true;
    }
    return this.#live.length === 0 && this.#panic();
  }

  /**
   * Starts a healthy provider beside the running one. A hedge spends the hedge budget; a companion (beside
   * a trial or a recovering provider) does not.
   */
  #startBeside(why: BesideStart): boolean {
    if (this.#deadlineReached()) return false;
    const { budget, logger } = this.#state;
    const hedge = why === 'hedge';
    const candidate = this.#queue.takeBeside(
      () => !hedge || budget.tryHedge(),
      () => hedge && budget.refund(),
    );
    if (!candidate) return false;
    logger.info({ provider: candidate.provider.id, hedge: why }, 'hedging with next provider');
    this.#launch(candidate, 'hedge');
    return true;
  }

  /** Nothing is running and every provider left is held back: one is tried anyway (`CandidateQueue`). */
  #panic(): boolean {
    const chosen = this.#queue.takePanic();
    if (!chosen) return false;
    this.#state.logger.info(
      { provider: chosen.candidate.provider.id, held: chosen.refusal.reason },
      'every provider is held back; trying one anyway',
    );
    this.#launch(chosen.candidate, 'panic');
    return true;
  }

  #launch(candidate: Candidate, role: AttemptRole): void {
    const next = role === 'hedge' ? undefined : this.#queue.nextAvailable();
    // A provider that timed out and answered nothing since may hang again: company, as for a trial.
    const recovering =
      (role === 'primary' || role === 'panic') && this.#state.breakers.recovering(candidate.provider.id);
    const now = this.#state.now();
    const limit = attemptLimit(
      this.#times,
      { now, deadlineAt: this.#deadlineAt },
      next && { tailMs: this.#state.latency.tailMs(next.provider.id) },
    );
    const attempt = new Attempt(this.#state, this, candidate, { role, ...limit, recovering });
    this.#live.push(attempt);
    attempt.start();
    if (this.#settled || role === 'hedge') return;
    // A recovering provider may hang again: the user gets the next provider's answer meanwhile.
    if ((role === 'trial' || recovering) && this.#startBeside('companion')) return;
    if (next && this.#times.hedge) this.#hedges.schedule(attempt, this.#times.hedge);
  }

  /** Nothing is running and nothing may start: the best answer we have, or one error for everything. */
  #exhausted(): void {
    const empty = this.#record.empty;
    if (empty) {
      const answered = { ...empty, results: [] };
      this.#finish(this.#record.response(this.#request, answered, this.#live, this.#started));
      return;
    }
    const { breakers, now } = this.#state;
    // Providers held back say why, with the wait left: a single rate-limited provider fails fast with
    // `rate_limited` and its Retry-After rather than with no reason.
    for (const { candidate, refusal } of this.#queue.deferred) {
      this.#record.explainedBy(
        heldBackError(candidate.provider, refusal, breakers.state(candidate.provider.id), now()),
      );
    }
    this.#finish(undefined, this.#record.failure(this.#request));
  }

  #finish(response: SearchResponse | undefined, error?: unknown): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#hedges.clear();
    if (this.#onAbort) this.#signal?.removeEventListener('abort', this.#onAbort);
    const reason = response ? 'lost' : 'aborted';
    this.#record.left(this.#live, reason);
    for (const attempt of this.#live) attempt.leave(reason);
    this.#live.length = 0;
    if (response) this.#resolve(response);
    else this.#reject(error);
  }
}
