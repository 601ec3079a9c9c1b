import { SEARCH_ERROR_CODES, type SearchErrorCode } from '../error-codes.ts';
import type { SearchError } from '../errors.ts';
import { type BreakerState, Circuit } from './circuit.ts';
import { concernsHealth, FAILURE_RULES, type FailureRule } from './failures.ts';
import { SendRate } from './send-rate.ts';
import { Suspicion } from './suspicion.ts';
import { anyOf, ConsecutiveFailures, FailureRate, type TripRule } from './trip-rule.ts';
import { MAX_WAIT_MS, retryAfterOf, UpstreamWait } from './upstream-wait.ts';

export type { BreakerState } from './circuit.ts';
export { MAX_WAIT_MS } from './upstream-wait.ts';

/**
 * When a provider's breaker opens and for how long. Defaults follow the systems people trust for this:
 * Envoy's outlier detection ejects after 5 consecutive 5xx, for a base time that grows with each ejection;
 * Hystrix and cockatiel's sampling breaker open on a failure rate over a rolling window with a minimum number
 * of calls. An isolated failure (the background error rate of any real API) never opens it.
 */
export interface BreakerOptions {
  /** Failures in a row that open the breaker. Default 5. */
  consecutiveFailures?: number;
  /** Share of failed calls in the window that opens it (0..1). Default 0.5. */
  failureRate?: number;
  /** Calls the window must hold before the rate counts. Default 10. */
  minimumCalls?: number;
  /** The rolling window: its length in ms. Default 30,000. */
  windowMs?: number;
  /** First open time; doubles with each opening in a row (and suspicion after timeouts grows the same way). */
  openMs?: number;
  /** Longest open time for failures we judge ourselves. Default 60,000. */
  maxOpenMs?: number;
  /** After `blocked` (anomaly page, challenge, 403), or its Retry-After when longer. Default 300,000. */
  blockedMs?: number;
  /** After `quota_exceeded` or `unauthorized`: these do not heal by themselves. Default 3,600,000. */
  quotaMs?: number;
}

const DEFAULTS: Required<BreakerOptions> = {
  consecutiveFailures: 5,
  failureRate: 0.5,
  minimumCalls: 10,
  windowMs: 30_000,
  openMs: 1_000,
  maxOpenMs: 60_000,
  blockedMs: 300_000,
  quotaMs: 3_600_000,
};

/** The default trip rule: N failures in a row, or the failure rate over the window. */
export function defaultTripRule(options: Required<BreakerOptions>): TripRule {
  return anyOf(
    new ConsecutiveFailures(options.consecutiveFailures),
    new FailureRate({
      rate: options.failureRate,
      minimumCalls: options.minimumCalls,
      windowMs: options.windowMs,
    }),
  );
}

/** A provider's breaker as data: what `client.health()` returns, the CLI's state file holds and Redis shares. */
export interface ProviderHealth {
  provider: string;
  state: BreakerState;
  /** Failures in a row. */
  failures: number;
  /** When the provider may be tried again (epoch ms): the end of its open time or of the upstream's wait. */
  coolingUntil?: number;
  /** The end of a wait the upstream asked for (Retry-After): no request starts before it, from any path. */
  upstreamUntil?: number;
  /** When the breaker last opened (epoch ms). */
  openedAt?: number;
  /** Openings in a row: the next open time doubles with each. */
  openings?: number;
  /** When a trial last closed the breaker (epoch ms). */
  closedAt?: number;
  /**
   * Until when the provider is tried after the others (epoch ms): a request of it timed out, or was still
   * silent past its usual tail.
   */
  suspectUntil?: number;
  /** Requests per second allowed since it throttled a request without a Retry-After. */
  sendRate?: number;
  lastErrorCode?: SearchErrorCode;
  /**
   * When a fleet's shared store last wrote this entry (epoch ms; the store sets it). Its waits end at most
   * `MAX_WAIT_MS` after it, and a shared entry without it is ignored (see `readSharedEntry`).
   */
  writtenAt?: number;
}

/** Why a request may not use a provider now, and whether a search with nothing else may use it anyway. */
export interface Refusal {
  reason: 'upstream wait' | 'open' | 'trial running' | 'throttled';
  /** Our own judgement (not the upstream's wait, not a key, quota or block): panic may override it. */
  panic: boolean;
}

export type Admission = { kind: 'closed' } | { kind: 'trial' } | ({ kind: 'refused' } & Refusal);

/** What recording a failure did, for the log. */
export interface FailureEffect {
  /** The breaker opened (or reopened) for this long. */
  openedMs?: number;
  /** The upstream's own wait, when it set one. */
  waitMs?: number;
  /** The send rate was lowered. */
  throttled?: boolean;
}

/** The parts a breaker is made of, for a test or a caller that wants another trip rule. */
export interface BreakerParts {
  trip?: TripRule;
}

/**
 * One provider's circuit breaker, the one writer of its health, composed of small parts asked in this order:
 * the upstream's wait (`upstream-wait.ts`, law for every path), the state machine (`circuit.ts`: closed, open,
 * half-open with one trial), the send rate after throttling (`send-rate.ts`); outcomes go through the failure
 * table (`failures.ts`) to the trip rule (`trip-rule.ts`) and to suspicion after timeouts (`suspicion.ts`).
 */
export class ProviderBreaker {
  readonly id: string;
  readonly #o: Required<BreakerOptions>;
  readonly #circuit: Circuit;
  readonly #trip: TripRule;
  readonly #wait = new UpstreamWait();
  readonly #rate = new SendRate();
  readonly #suspicion: Suspicion;
  // Failures in a row, whatever the state (the trip rule sees only the closed state's calls): health data.
  #failures = 0;
  #lastErrorCode: SearchErrorCode | undefined;

  constructor(id: string, options: BreakerOptions = {}, parts: BreakerParts = {}) {
    this.id = id;
    this.#o = { ...DEFAULTS, ...options };
    this.#circuit = new Circuit(this.#o.openMs, this.#o.maxOpenMs);
    this.#trip = parts.trip ?? defaultTripRule(this.#o);
    this.#suspicion = new Suspicion(this.#o.openMs, this.#o.maxOpenMs);
  }

  state(now: number): BreakerState {
    return this.#circuit.state(now);
  }

  /**
   * Whether a request may use the provider now. `trial` claims the half-open breaker's one trial slot (give
   * it back with `trialEnded`). With `fleetTrial` false, another process holds the fleet's trial.
   */
  admit(now: number, fleetTrial = true): Admission {
    if (this.#wait.waiting(now)) return { kind: 'refused', reason: 'upstream wait', panic: false };
    const state = this.#circuit.state(now);
    if (state === 'open') return { kind: 'refused', reason: 'open', panic: !this.#circuit.byUpstream };
    if (state === 'half-open') {
      // The open time is over, a block's included: holding back while a trial runs is our own judgement
      // (a rejected key or a spent quota is not: those wait for the trial's answer).
      if (this.#circuit.trialRunning || !fleetTrial) {
        return { kind: 'refused', reason: 'trial running', panic: this.#lastRule()?.panic !== 'never' };
      }
      this.#circuit.startTrial();
      this.#rate.sendAnyway(now);
      return { kind: 'trial' };
    }
    if (!this.#rate.tryTake(now)) return { kind: 'refused', reason: 'throttled', panic: true };
    return { kind: 'closed' };
  }

  /** Panic: no provider may be used, and this one is held back only by our own judgement: use it anyway. */
  admitInPanic(now: number): boolean {
    const admission = this.admit(now);
    if (admission.kind !== 'refused') return true;
    if (!admission.panic) return false;
    this.#rate.sendAnyway(now);
    return true;
  }

  /** Whether `admit` would let a request through now (without claiming anything). */
  available(now: number): boolean {
    if (this.#wait.waiting(now)) return false;
    const state = this.#circuit.state(now);
    return state === 'closed' || (state === 'half-open' && !this.#circuit.trialRunning);
  }

  /** Closed, not throttled back, not suspect: a hedge may go here. */
  healthy(now: number): boolean {
    return (
      this.#circuit.state(now) === 'closed' &&
      !this.#wait.waiting(now) &&
      this.#rate.rate === undefined &&
      !this.#suspicion.suspect(now)
    );
  }

  /** It timed out and has answered nothing sent since: its next request gets company (see the scheduler). */
  recovering(): boolean {
    return this.#suspicion.recovering();
  }

  suspect(now: number): boolean {
    return this.#suspicion.suspect(now);
  }

  /** A trial ended (whatever its outcome, or aborted before one): the slot is free again. */
  trialEnded(): void {
    this.#circuit.trialEnded();
  }

  /**
   * An attempt has run past its usual tail without an answer; its timer fires at `endsAt`. Until then,
   * unless a request answers first, the provider is suspect.
   */
  markOverdue(endsAt: number): void {
    this.#suspicion.markOverdue(endsAt);
  }

  overdueEnded(): void {
    this.#suspicion.overdueEnded();
  }

  /**
   * An answer to a request sent at `sentAt`. It closes an open breaker only when sent after it opened: an
   * answer already on its way says nothing about a failure that came since.
   */
  succeeded(now: number, sentAt: number): void {
    this.#suspicion.answered();
    this.#rate.answered(now);
    if (sentAt < this.#circuit.openedAt) return;
    this.#suspicion.recovered();
    this.#failures = 0;
    if (this.#circuit.isOpen) {
      this.#close(now);
      return;
    }
    this.#trip.success(now);
    if (!this.#wait.waiting(now) && this.#lastErrorCode !== undefined && this.#rate.rate === undefined) {
      this.#lastErrorCode = undefined;
    }
  }

  /** An answer with no results: counted in the window as a miss (a provider that finds nothing is no help). */
  empty(now: number, sentAt: number): void {
    this.#suspicion.answered();
    if (sentAt < this.#circuit.openedAt || this.#circuit.isOpen) return;
    this.#trip.miss(now);
    this.#maybeOpen(now, 'provider_error');
  }

  /** Records a failure of a request sent at `sentAt`; `trial` when it held the trial slot. */
  failed(now: number, error: SearchError, trial: boolean, sentAt: number = now): FailureEffect {
    const rule = FAILURE_RULES[error.code];
    if (!concernsHealth(rule)) return {};
    this.#lastErrorCode = error.code;
    const retryAfter = retryAfterOf(error);
    if (rule.throttles) this.#rate.throttled(now, sentAt);
    this.#wait.extend(now, retryAfter);
    if (!rule.counts) {
      if (trial && this.#circuit.isOpen) this.#circuit.open(now, this.#circuit.backoffMs());
      return retryAfter > 0 ? { waitMs: retryAfter, throttled: true } : { throttled: true };
    }
    this.#failures++;
    if (rule.opens) {
      const ms = this.#upstreamOpenMs(rule.opens, retryAfter);
      this.#circuit.open(now, ms, true);
      return { openedMs: ms };
    }
    if (rule.suspects) this.#suspicion.timedOut(now);
    if (this.#circuit.isOpen) return this.#failedWhileOpen(now, trial);
    this.#trip.failure(now);
    const ms = this.#maybeOpen(now, error.code);
    return ms === undefined ? {} : { openedMs: ms };
  }

  /** Takes over another process's view: waits and openings that end later, closings that came later. */
  merge(saved: ProviderHealth, now: number): void {
    const upstreamUntil = finite(saved.upstreamUntil);
    this.#wait.restore(upstreamUntil, now);
    this.#suspicion.restore(finite(saved.suspectUntil), now);
    const code = (SEARCH_ERROR_CODES as readonly unknown[]).includes(saved.lastErrorCode)
      ? saved.lastErrorCode
      : undefined;
    const until = Math.min(finite(saved.coolingUntil), now + MAX_WAIT_MS);
    const openedAt = Math.min(finite(saved.openedAt), now);
    const closedAt = Math.min(finite(saved.closedAt), now);
    const circuit = this.#circuit;
    const newer = openedAt > circuit.openedAt && openedAt > circuit.closedAt && openedAt > closedAt;
    if (saved.state !== 'closed' && newer && until > now) {
      circuit.restore({
        openedAt,
        openUntil: until,
        openings: Number.isSafeInteger(saved.openings) ? saved.openings! : 0,
        byUpstream: code !== undefined && FAILURE_RULES[code].opens !== undefined,
      });
      if (Number.isSafeInteger(saved.failures) && saved.failures > 0) {
        this.#failures = Math.max(this.#failures, Math.min(saved.failures, 1_000));
      }
      this.#lastErrorCode = code;
    } else if (circuit.isOpen && closedAt > circuit.openedAt) {
      this.#close(closedAt);
    }
    if (code === 'rate_limited' && upstreamUntil > now) this.#lastErrorCode = code;
  }

  toJSON(now: number): ProviderHealth {
    const circuit = this.#circuit;
    const health: ProviderHealth = { provider: this.id, state: circuit.state(now), failures: this.#failures };
    const upstreamUntil = this.#wait.waiting(now) ? this.#wait.until : 0;
    const until = Math.max(circuit.isOpen ? circuit.openUntil : 0, upstreamUntil);
    if (until > 0) health.coolingUntil = until;
    if (upstreamUntil > 0) health.upstreamUntil = upstreamUntil;
    if (circuit.openedAt > 0) health.openedAt = circuit.openedAt;
    if (circuit.openings > 0) health.openings = circuit.openings;
    if (circuit.closedAt > 0) health.closedAt = circuit.closedAt;
    if (this.#suspicion.until > now) health.suspectUntil = this.#suspicion.until;
    if (this.#rate.rate !== undefined) health.sendRate = Math.round(this.#rate.rate * 100) / 100;
    if (this.#lastErrorCode) health.lastErrorCode = this.#lastErrorCode;
    return health;
  }

  /** The failure table's rule for the last error, if any. */
  #lastRule(): FailureRule | undefined {
    return this.#lastErrorCode === undefined ? undefined : FAILURE_RULES[this.#lastErrorCode];
  }

  /** How long a failure the upstream judged opens the breaker: its option's time, or its Retry-After. */
  #upstreamOpenMs(opens: NonNullable<FailureRule['opens']>, retryAfter: number): number {
    const ms = this.#o[opens.forOption];
    return Math.min(opens.orRetryAfter ? Math.max(retryAfter, ms) : ms, MAX_WAIT_MS);
  }

  /** A failed trial reopens for twice as long; a request let through in panic changes nothing. */
  #failedWhileOpen(now: number, trial: boolean): FailureEffect {
    if (!trial) return {};
    const ms = this.#circuit.backoffMs();
    this.#circuit.open(now, ms);
    return { openedMs: ms };
  }

  /** Opens when the trip rule says failures are the norm. */
  #maybeOpen(now: number, code: SearchErrorCode): number | undefined {
    if (!this.#trip.tripped(now)) return undefined;
    const ms = this.#circuit.backoffMs();
    this.#lastErrorCode = code;
    this.#circuit.open(now, ms, false);
    return ms;
  }

  #close(now: number): void {
    this.#circuit.close(now);
    this.#trip.reset();
    this.#failures = 0;
    if (!this.#wait.waiting(now)) this.#lastErrorCode = undefined;
  }
}

function finite(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
