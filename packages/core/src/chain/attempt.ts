import type { Span } from '@opentelemetry/api';
import type { SpendBudget, SpendReservation } from '../budget/spend-budget.ts';
import { SearchError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { type ProviderResponse, requestCostUsd } from '../provider.ts';
import { SPAN_STATUS_ERROR, tracer } from '../tracing.ts';
import { AttemptTimer } from './attempt-timer.ts';
import type { Breakers } from './breakers.ts';
import type { HedgeBudget } from './hedge-budget.ts';
import type { LatencyTracker } from './latency.ts';
import { toSearchError } from './outcome.ts';
import type { Candidate } from './planner.ts';

/** What the chain's attempts share: the breakers, latency, the hedge budget, the clock and the logger. */
export interface ChainState {
  readonly breakers: Breakers;
  readonly latency: LatencyTracker;
  readonly budget: HedgeBudget;
  /** The spend budget paid requests reserve their price from, when one is set. */
  readonly spend?: SpendBudget | undefined;
  readonly logger: Logger;
  readonly now: () => number;
}

/** How an attempt ended, as its search sees it. */
export type AttemptEnd =
  | { kind: 'answer'; answer: ProviderResponse | undefined }
  | { kind: 'error'; error: SearchError }
  /** Its timer fired: at its own limit, or at the search's deadline (`byDeadline`). */
  | { kind: 'timeout'; error: SearchError; byDeadline: boolean };

export interface AttemptOwner {
  attemptEnded(attempt: Attempt, end: AttemptEnd): void;
}

/**
 * Why an attempt runs: `primary` (the search's provider of the moment: the first, or after a failure),
 * `hedge` (started beside a slow or probing attempt, not after a failure), `trial` (the half-open breaker's
 * one trial), `panic` (every provider was held back by our own judgement: tried anyway).
 */
export type AttemptRole = 'primary' | 'hedge' | 'trial' | 'panic';

export interface AttemptOptions {
  role: AttemptRole;
  /** Longest wait for this provider, in ms. */
  limitMs: number;
  /** The limit is what is left of the search's deadline. */
  byDeadline: boolean;
  /**
   * The latest its timer may be pushed back to when it fires late (on the chain's clock): the search's
   * deadline, less the time kept for the next provider.
   */
  graceUntil: number;
  /** Its provider timed out and has not answered since: it runs with company, and on to its end. */
  recovering: boolean;
}

/**
 * One provider call: its own AbortController and timer, a span, and what it teaches the chain (latency,
 * health). It ends when the provider answers or fails, or when its timer fires, whether or not the provider
 * honours its signal: a late outcome is ignored, never awaited.
 */
export class Attempt {
  readonly candidate: Candidate;
  readonly started: number;
  readonly options: AttemptOptions;
  /** Ran past its provider's usual tail without an answer (a hedge was due). */
  overdue = false;
  /** A hedge was started because of it: if it fails, that hedge was a failover and is given back. */
  hedged = false;
  /** What its request costs at the provider's price (0: free, keyless or unpriced). */
  readonly priceUsd: number;
  /**
   * What it cost: its price once the request is sent, back to 0 when the upstream refused it with an HTTP
   * error (vendors bill answers, not refusals) or it was never sent.
   */
  costUsd = 0;
  readonly #state: ChainState;
  readonly #controller = new AbortController();
  readonly #span: Span;
  #owner: AttemptOwner | undefined;
  readonly #timer: AttemptTimer;
  #done = false;
  #reservation: SpendReservation | undefined;

  constructor(state: ChainState, owner: AttemptOwner, candidate: Candidate, options: AttemptOptions) {
    this.#state = state;
    this.#owner = owner;
    this.candidate = candidate;
    this.options = options;
    this.started = state.now();
    this.#timer = new AttemptTimer(
      () => state.now(),
      options.graceUntil,
      () => this.#timeUp(),
    );
    this.priceUsd = requestCostUsd(candidate.provider, candidate.request);
    this.#span = tracer.startSpan('agent-search.attempt', {
      attributes: {
        'search.provider': candidate.provider.id,
        'search.mode': candidate.request.mode,
        'search.hedge': options.role === 'hedge',
        'search.role': options.role,
      },
    });
  }

  get id(): string {
    return this.candidate.provider.id;
  }

  get role(): AttemptRole {
    return this.options.role;
  }

  start(): void {
    this.#timer.start(this.started, this.options.limitMs);
    this.#state.latency.started(this.id, this, this.started);
    const { spend } = this.#state;
    const pending =
      spend && this.priceUsd > 0
        ? // A paid request is sent only once its price is reserved from the budget.
          spend.reserve(this.priceUsd, this.role === 'hedge' || this.role === 'trial').then((reservation) => {
            if (this.#done) {
              void spend.release(reservation);
              throw this.#controller.signal.reason;
            }
            this.#reservation = reservation;
            return this.#send();
          })
        : this.#send();
    // Both handlers attached at once: a provider rejecting after its timer is never an unhandled rejection.
    pending.then(
      (answer) => this.#end({ kind: 'answer', answer }),
      (thrown: unknown) => this.#end({ kind: 'error', error: toSearchError(thrown, this.id) }),
    );
  }

  #send(): Promise<ProviderResponse> {
    try {
      this.costUsd = this.priceUsd;
      return this.candidate.provider.search(this.candidate.request, { signal: this.#controller.signal });
    } catch (thrown) {
      return Promise.reject(thrown);
    }
  }

  /**
   * The search no longer needs this attempt. A trial, or an attempt silent past its tail while its
   * provider answers nobody else, runs on unseen to its timer, so the provider's breaker learns how it
   * ended; any other is aborted (a provider answering other requests is alive: no call is wasted on it).
   */
  leave(reason: 'lost' | 'aborted'): void {
    this.#owner = undefined;
    if (this.#done) return;
    const runOn =
      this.role === 'trial' ||
      this.options.recovering ||
      (this.overdue && this.#state.breakers.suspect(this.id));
    if (reason === 'lost' && runOn) {
      // Never keeps a process alive (the CLI ends after its output).
      this.#timer.unref();
      return;
    }
    this.#done = true;
    this.#timer.stop();
    this.#state.latency.stopped(this.id, this);
    this.#controller.abort(new DOMException(`${this.id} is no longer needed`, 'AbortError'));
    // Past its usual tail, it would have taken at least this long: a sample, or the estimate leans low.
    if (this.overdue) this.#state.latency.record(this.id, this.#state.now() - this.started);
    const { breakers } = this.#state;
    if (this.role === 'trial') breakers.trialEnded(this.id);
    if (this.overdue) breakers.overdueEnded(this.id);
    this.#span.setAttributes({ 'search.outcome': reason, 'search.cost_usd': this.costUsd });
    this.#span.end();
  }

  /** Its timer fired on time (see `AttemptTimer`): the provider's failure, `timeout`. */
  #timeUp(): void {
    if (this.#done) return;
    const { limitMs, byDeadline } = this.options;
    const why = byDeadline
      ? `${this.id} did not answer before the search's deadline (${Math.round(limitMs)} ms left)`
      : `${this.id} did not answer within its ${Math.round(limitMs)} ms attempt limit`;
    this.#controller.abort(new DOMException(why, 'TimeoutError'));
    this.#end({
      kind: 'timeout',
      error: new SearchError('timeout', why, { provider: this.id }),
      byDeadline,
    });
  }

  #end(end: AttemptEnd): void {
    if (this.#done) return;
    this.#done = true;
    this.#timer.stop();
    const { breakers, latency, budget, logger, now } = this.#state;
    const id = this.id;
    const ms = now() - this.started;
    latency.stopped(id, this);
    // A timeout past its usual tail counts too: the provider would have taken at least that long.
    if (end.kind === 'answer' || (end.kind === 'timeout' && this.overdue)) latency.record(id, ms);
    if (end.kind === 'answer') {
      const found = Array.isArray(end.answer?.results) && end.answer.results.length > 0;
      if (found) breakers.succeeded(id, this.started);
      else breakers.empty(id, this.started);
      this.#span.setAttribute('search.outcome', 'success');
    } else {
      const { error } = end;
      // An HTTP error is the upstream refusing: not billed, so its reservation goes back.
      if (error.status !== undefined) {
        this.costUsd = 0;
        if (this.#reservation) void this.#state.spend?.release(this.#reservation);
      }
      const effect = breakers.failed(id, error, this.role === 'trial', this.started);
      if (this.hedged) budget.refund();
      this.#span.setAttributes({ 'search.outcome': end.kind, 'search.error_code': error.code });
      this.#span.setStatus({ code: SPAN_STATUS_ERROR, message: error.code });
      const name = this.candidate.provider.name;
      const what =
        effect.waitMs !== undefined
          ? `; waiting ${Math.ceil(effect.waitMs / 1000)} s as it asked`
          : effect.openedMs !== undefined
            ? `; breaker open for ${Math.ceil(effect.openedMs / 1000)} s`
            : effect.throttled
              ? '; sending to it more slowly'
              : '';
      logger.warn({ provider: id, code: error.code, ms, ...effect }, `${name} failed (${error.code})${what}`);
    }
    if (this.role === 'trial') breakers.trialEnded(id);
    if (this.overdue) breakers.overdueEnded(id);
    this.#span.setAttributes({ 'search.latency_ms': ms, 'search.cost_usd': this.costUsd });
    this.#span.end();
    const owner = this.#owner;
    this.#owner = undefined;
    owner?.attemptEnded(this, end);
  }
}
