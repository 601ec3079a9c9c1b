import { SEARCH_ERROR_CODES, type SearchErrorCode } from '../error-codes.ts';
import type { SearchError } from '../errors.ts';
import { SendRate } from './send-rate.ts';

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

/** Longest wait of any kind: an upstream's Retry-After or a saved state cannot hold a provider longer. */
export const MAX_WAIT_MS = 3_600_000;
// Longest an attempt may run (the largest deadline the configuration takes): a saved suspicion ends by then.
const MAX_SUSPECT_MS = 120_000;
const WINDOW_SLOTS = 64;

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

export type BreakerState = 'closed' | 'open' | 'half-open';

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

/** Failures that the upstream judged, which do not heal in seconds: no panic overrides them. */
const HARD_CODES: ReadonlySet<SearchErrorCode> = new Set(['blocked', 'unauthorized', 'quota_exceeded']);

/** What recording a failure did, for the log. */
export interface FailureEffect {
  /** The breaker opened (or reopened) for this long. */
  openedMs?: number;
  /** The upstream's own wait, when it set one. */
  waitMs?: number;
  /** The send rate was lowered. */
  throttled?: boolean;
}

/**
 * One provider's circuit breaker: closed (requests flow; outcomes fill a rolling window), open (refused until
 * its time ends), half-open (one trial request at a time decides: an answer closes it, a failure reopens it
 * for twice as long). Beside the three states it keeps what is not a state of the breaker: the upstream's own
 * wait (Retry-After, law for every path), the adaptive send rate after throttling, and suspicion (a provider
 * silent past its tail or timed out is tried after the others). All of a provider's health is written here.
 */
export class ProviderBreaker {
  readonly id: string;
  readonly #o: Required<BreakerOptions>;
  readonly #rate = new SendRate();
  // The rolling window: outcome times and whether each failed, newest last.
  readonly #at = new Float64Array(WINDOW_SLOTS);
  readonly #failed = new Uint8Array(WINDOW_SLOTS);
  #slots = 0;
  #next = 0;
  #consecutive = 0;
  #timeouts = 0;
  #open = false;
  #openUntil = 0;
  #openedAt = 0;
  #openings = 0;
  #closedAt = 0;
  #hard = false;
  #upstreamUntil = 0;
  #trials = 0;
  #overdue = 0;
  #overdueUntil = 0;
  #suspectUntil = 0;
  #lastErrorCode: SearchErrorCode | undefined;

  constructor(id: string, options: BreakerOptions = {}) {
    this.id = id;
    this.#o = { ...DEFAULTS, ...options };
  }

  state(now: number): BreakerState {
    if (!this.#open) return 'closed';
    return now < this.#openUntil ? 'open' : 'half-open';
  }

  /**
   * Whether a request may use the provider now. `trial` claims the half-open breaker's one trial slot (give
   * it back with `trialEnded`). With `fleetTrial` false, another process holds the fleet's trial.
   */
  admit(now: number, fleetTrial = true): Admission {
    if (now < this.#upstreamUntil) return { kind: 'refused', reason: 'upstream wait', panic: false };
    const state = this.state(now);
    if (state === 'open') return { kind: 'refused', reason: 'open', panic: !this.#hard };
    if (state === 'half-open') {
      // The open time is over, a block's included: holding back while a trial runs is our own judgement
      // (a rejected key or a spent quota is not: those wait for the trial's answer).
      if (this.#trials > 0 || !fleetTrial) {
        return { kind: 'refused', reason: 'trial running', panic: !this.#keyOrQuota() };
      }
      this.#trials++;
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
    if (now < this.#upstreamUntil) return false;
    const state = this.state(now);
    return state === 'closed' || (state === 'half-open' && this.#trials === 0);
  }

  /** Closed, not throttled back, not suspect: a hedge may go here. */
  healthy(now: number): boolean {
    return (
      this.state(now) === 'closed' &&
      now >= this.#upstreamUntil &&
      this.#rate.rate === undefined &&
      !this.suspect(now)
    );
  }

  /** It timed out and has answered nothing sent since: its next request gets company (see the scheduler). */
  recovering(): boolean {
    return this.#timeouts > 0;
  }

  suspect(now: number): boolean {
    return Math.max(this.#overdueUntil, this.#suspectUntil) > now;
  }

  /** A trial ended (whatever its outcome, or aborted before one): the slot is free again. */
  trialEnded(): void {
    if (this.#trials > 0) this.#trials--;
  }

  /**
   * An attempt has run past its usual tail without an answer; its timer fires at `endsAt`. Until then,
   * unless a request answers first, the provider is suspect.
   */
  markOverdue(endsAt: number): void {
    this.#overdue++;
    this.#overdueUntil = Math.max(this.#overdueUntil, endsAt);
  }

  overdueEnded(): void {
    if (this.#overdue > 0) this.#overdue--;
    if (this.#overdue === 0) this.#overdueUntil = 0;
  }

  /**
   * An answer to a request sent at `sentAt`. It closes an open breaker only when sent after it opened: an
   * answer already on its way says nothing about a failure that came since.
   */
  succeeded(now: number, sentAt: number): void {
    this.#overdueUntil = 0;
    this.#rate.answered(now);
    if (sentAt < this.#openedAt) return;
    this.#suspectUntil = 0;
    this.#timeouts = 0;
    this.#consecutive = 0;
    if (this.#open) {
      this.#close(now);
      return;
    }
    this.#push(now, false);
    if (now >= this.#upstreamUntil && this.#lastErrorCode !== undefined && this.#rate.rate === undefined) {
      this.#lastErrorCode = undefined;
    }
  }

  /** An answer with no results: counted in the window as a miss (a provider that finds nothing is no help). */
  empty(now: number, sentAt: number): void {
    this.#overdueUntil = 0;
    if (sentAt < this.#openedAt || this.#open) return;
    this.#push(now, true);
    this.#maybeOpen(now, 'provider_error');
  }

  /** Records a failure of a request sent at `sentAt`; `trial` when it held the trial slot. */
  failed(now: number, error: SearchError, trial: boolean, sentAt: number = now): FailureEffect {
    const code = error.code;
    // Neither says anything about the provider's health: the request, or our own spend budget.
    if (code === 'invalid_request' || code === 'budget_exhausted') return {};
    this.#lastErrorCode = code;
    const retryAfter = Math.min(Math.max(0, error.retryAfterMs ?? 0), MAX_WAIT_MS);
    if (code === 'rate_limited') {
      // Throttling is not a fault: it lowers the send rate (and Retry-After, when given, is law), and it
      // does not count toward opening the breaker.
      this.#rate.throttled(now, sentAt);
      if (retryAfter > 0) this.#upstreamUntil = Math.max(this.#upstreamUntil, now + retryAfter);
      if (trial && this.#open) this.#reopen(now, this.#openMs());
      return retryAfter > 0 ? { waitMs: retryAfter, throttled: true } : { throttled: true };
    }
    if (retryAfter > 0) this.#upstreamUntil = Math.max(this.#upstreamUntil, now + retryAfter);
    this.#consecutive++;
    if (HARD_CODES.has(code)) {
      const ms = code === 'blocked' ? Math.max(retryAfter, this.#o.blockedMs) : this.#o.quotaMs;
      this.#hard = true;
      this.#reopen(now, Math.min(ms, MAX_WAIT_MS));
      return { openedMs: Math.min(ms, MAX_WAIT_MS) };
    }
    if (code === 'timeout') {
      // A provider that timed out is tried after the others at once, for longer with each timeout in a row.
      this.#timeouts++;
      this.#suspectUntil = Math.max(
        this.#suspectUntil,
        now + Math.min(this.#o.maxOpenMs, this.#o.openMs * 2 ** (this.#timeouts - 1)),
      );
    }
    if (this.#open) {
      // A failed trial reopens for twice as long; a request let through in panic changes nothing.
      if (trial) {
        const ms = this.#openMs();
        this.#reopen(now, ms);
        return { openedMs: ms };
      }
      return {};
    }
    this.#push(now, true);
    const ms = this.#maybeOpen(now, code);
    return ms === undefined ? {} : { openedMs: ms };
  }

  /** Takes over another process's view: waits and openings that end later, closings that came later. */
  merge(saved: ProviderHealth, now: number): void {
    const upstreamUntil = finite(saved.upstreamUntil);
    if (upstreamUntil > this.#upstreamUntil) this.#upstreamUntil = Math.min(upstreamUntil, now + MAX_WAIT_MS);
    const suspectUntil = finite(saved.suspectUntil);
    if (suspectUntil > this.#suspectUntil) this.#suspectUntil = Math.min(suspectUntil, now + MAX_SUSPECT_MS);
    const code = (SEARCH_ERROR_CODES as readonly unknown[]).includes(saved.lastErrorCode)
      ? saved.lastErrorCode
      : undefined;
    const until = Math.min(finite(saved.coolingUntil), now + MAX_WAIT_MS);
    // A state file written before breakers says only that it was cooling, not since when.
    const legacy = (saved.state as string) === 'cooling' && saved.openedAt === undefined;
    if (legacy && code === 'rate_limited' && until > this.#upstreamUntil) this.#upstreamUntil = until;
    const openedAt = legacy && code !== 'rate_limited' ? now : Math.min(finite(saved.openedAt), now);
    const closedAt = Math.min(finite(saved.closedAt), now);
    const openings = Number.isSafeInteger(saved.openings) ? Math.min(saved.openings!, 32) : 0;
    const newer = openedAt > this.#openedAt && openedAt > this.#closedAt && openedAt > closedAt;
    if (saved.state !== 'closed' && newer && until > now) {
      this.#open = true;
      this.#openedAt = openedAt;
      this.#openUntil = until;
      this.#openings = Math.max(this.#openings, openings);
      if (Number.isSafeInteger(saved.failures) && saved.failures > 0) {
        this.#consecutive = Math.max(this.#consecutive, Math.min(saved.failures, 1_000));
      }
      this.#hard = code !== undefined && HARD_CODES.has(code);
      this.#lastErrorCode = code;
    } else if (this.#open && closedAt > this.#openedAt) {
      this.#close(closedAt);
    }
    if (code === 'rate_limited' && upstreamUntil > now) this.#lastErrorCode = code;
  }

  toJSON(now: number): ProviderHealth {
    const health: ProviderHealth = {
      provider: this.id,
      state: this.state(now),
      failures: this.#consecutive,
    };
    const until = Math.max(
      this.#open ? this.#openUntil : 0,
      this.#upstreamUntil > now ? this.#upstreamUntil : 0,
    );
    if (until > 0) health.coolingUntil = until;
    if (this.#upstreamUntil > now) health.upstreamUntil = this.#upstreamUntil;
    if (this.#openedAt > 0) health.openedAt = this.#openedAt;
    if (this.#openings > 0) health.openings = this.#openings;
    if (this.#closedAt > 0) health.closedAt = this.#closedAt;
    const suspectUntil = Math.max(this.#overdueUntil, this.#suspectUntil);
    if (suspectUntil > now) health.suspectUntil = suspectUntil;
    if (this.#rate.rate !== undefined) health.sendRate = Math.round(this.#rate.rate * 100) / 100;
    if (this.#lastErrorCode) health.lastErrorCode = this.#lastErrorCode;
    return health;
  }

  #keyOrQuota(): boolean {
    return this.#lastErrorCode === 'unauthorized' || this.#lastErrorCode === 'quota_exceeded';
  }

  #openMs(): number {
    return Math.min(this.#o.maxOpenMs, this.#o.openMs * 2 ** this.#openings);
  }

  #push(now: number, failed: boolean): void {
    this.#at[this.#next] = now;
    this.#failed[this.#next] = failed ? 1 : 0;
    this.#next = (this.#next + 1) % WINDOW_SLOTS;
    this.#slots = Math.min(this.#slots + 1, WINDOW_SLOTS);
  }

  /** Opens when failures are the norm: N in a row, or the window's failure rate over its minimum calls. */
  #maybeOpen(now: number, code: SearchErrorCode): number | undefined {
    let calls = 0;
    let failures = 0;
    for (let i = 0; i < this.#slots; i++) {
      if (now - this.#at[i]! > this.#o.windowMs) continue;
      calls++;
      failures += this.#failed[i]!;
    }
    const byRate = calls >= this.#o.minimumCalls && failures / calls >= this.#o.failureRate;
    if (!byRate && this.#consecutive < this.#o.consecutiveFailures) return undefined;
    const ms = this.#openMs();
    this.#hard = false;
    this.#lastErrorCode = code;
    this.#reopen(now, ms);
    return ms;
  }

  #reopen(now: number, ms: number): void {
    this.#open = true;
    this.#openedAt = now;
    this.#openUntil = now + ms;
    this.#openings = Math.min(this.#openings + 1, 32);
  }

  #close(now: number): void {
    this.#open = false;
    this.#hard = false;
    this.#openUntil = 0;
    this.#openings = 0;
    this.#closedAt = now;
    this.#slots = 0;
    this.#next = 0;
    this.#consecutive = 0;
    if (now >= this.#upstreamUntil) this.#lastErrorCode = undefined;
  }
}

function finite(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
