import { SEARCH_ERROR_CODES, type SearchErrorCode } from './error-codes.ts';
import type { SearchError } from './errors.ts';

export interface CooldownOptions {
  /** First cool-down after a transient failure (timeout, unavailable); doubles with each failure in a row. */
  transientMs?: number;
  /** Longest transient cool-down. */
  maxTransientMs?: number;
  /** After `rate_limited` without a Retry-After. */
  rateLimitedMs?: number;
  /** After `blocked` (anomaly page, challenge, 403). */
  blockedMs?: number;
  /** After `quota_exceeded` or `unauthorized`: these do not heal by themselves. */
  quotaMs?: number;
}

/** Longest cool-down of any kind: an upstream's Retry-After or a saved state cannot park a provider longer. */
export const MAX_COOLDOWN_MS = 3_600_000;

// Longest an attempt may run (the largest deadline the configuration takes): a saved suspicion ends by then.
const MAX_SUSPECT_MS = 120_000;

const DEFAULTS: Required<CooldownOptions> = {
  transientMs: 1_000,
  maxTransientMs: 60_000,
  rateLimitedMs: 60_000,
  blockedMs: 300_000,
  quotaMs: 3_600_000,
};

export type ProviderState = 'healthy' | 'cooling' | 'probing';

export interface ProviderHealth {
  provider: string;
  state: ProviderState;
  /** Failures in a row. */
  failures: number;
  /** When the current cool-down ends (epoch ms). */
  coolingUntil?: number;
  /**
   * Until when the provider is tried after the others (epoch ms): a request of it was still silent past
   * its usual tail when this was taken. Carried to the next CLI run, which cannot see how it ended.
   */
  suspectUntil?: number;
  lastErrorCode?: SearchErrorCode;
}

interface Entry {
  failures: number;
  until: number;
  probing: boolean;
  lastErrorCode?: SearchErrorCode;
  /** When the last failure was recorded: an answer to a request sent before it says nothing about now. */
  failedAt: number;
  /** The cool-down is the upstream's own wait (Retry-After, a 429): not even a last resort may call early. */
  upstreamWait: boolean;
  /** Attempts still running past their usual tail. */
  overdue: number;
  /** Until when the provider is suspect (the latest overdue attempt's timer), 0 when not. */
  suspectUntil: number;
}

/**
 * Tracks which providers are cooling down. After a cool-down, exactly one request (the probe) may use
 * the provider; its success makes it healthy again, its failure starts a new, longer cool-down.
 */
export class ProviderHealthTracker {
  readonly #entries = new Map<string, Entry>();
  readonly #options: Required<CooldownOptions>;
  readonly #now: () => number;

  constructor(options: CooldownOptions = {}, now: () => number = Date.now) {
    this.#options = { ...DEFAULTS, ...options };
    this.#now = now;
  }

  #entry(id: string): Entry {
    let entry = this.#entries.get(id);
    if (!entry) {
      entry = {
        failures: 0,
        until: 0,
        probing: false,
        failedAt: 0,
        upstreamWait: false,
        overdue: 0,
        suspectUntil: 0,
      };
      this.#entries.set(id, entry);
    }
    return entry;
  }

  /**
   * Whether a request may use the provider now: `healthy`, `probe` (the cool-down is over and this request
   * claimed the one probe slot), or undefined (cooling down, or another request is probing it).
   */
  tryAcquire(id: string): 'healthy' | 'probe' | undefined {
    const entry = this.#entry(id);
    if (entry.failures === 0) return 'healthy';
    if (this.#now() < entry.until || entry.probing) return undefined;
    entry.probing = true;
    return 'probe';
  }

  /**
   * Claims the provider before its cool-down ends: the last resort when every provider is cooling. Refused
   * while another request probes it, when the upstream itself asked for the wait (Retry-After, 429), and for
   * failures that do not heal in seconds (key, quota).
   */
  tryLastResort(id: string): boolean {
    const entry = this.#entry(id);
    if (entry.probing || entry.upstreamWait) return false;
    if (entry.lastErrorCode === 'unauthorized' || entry.lastErrorCode === 'quota_exceeded') return false;
    entry.probing = true;
    return true;
  }

  /** No failure on record. */
  healthy(id: string): boolean {
    const entry = this.#entries.get(id);
    return entry === undefined || entry.failures === 0;
  }

  /** Whether `tryAcquire` would let a request use the provider now (without claiming anything). */
  available(id: string): boolean {
    const entry = this.#entries.get(id);
    return entry === undefined || entry.failures === 0 || (this.#now() >= entry.until && !entry.probing);
  }

  /** Whether a request is probing the provider now. */
  probing(id: string): boolean {
    return this.#entry(id).probing;
  }

  /**
   * An attempt of this provider has run past its usual tail without an answer; its timer fires at
   * `endsAt`. Until then, unless a request of the provider answers first, the provider is suspect: new
   * searches try it after the others. (Its failure at the timer cools it down as usual.)
   */
  markOverdue(id: string, endsAt: number): void {
    const entry = this.#entry(id);
    entry.overdue++;
    entry.suspectUntil = Math.max(entry.suspectUntil, endsAt);
  }

  /** An overdue attempt ended (whatever its outcome: an answer clears, a failure cools down). */
  overdueEnded(id: string): void {
    const entry = this.#entry(id);
    if (entry.overdue > 0) entry.overdue--;
    if (entry.overdue === 0) entry.suspectUntil = 0;
  }

  /** Silent past its usual tail with nothing answered since: see `markOverdue`. */
  suspect(id: string): boolean {
    const entry = this.#entries.get(id);
    return entry !== undefined && entry.suspectUntil > this.#now();
  }

  /** Gives back a probe slot that was claimed but not used (the attempt was aborted before an answer). */
  release(id: string): void {
    this.#entry(id).probing = false;
  }

  /** The error a search skipping this cooling provider reports, with the wait left. */
  coolingCode(id: string): SearchErrorCode {
    return this.#entry(id).lastErrorCode ?? 'unavailable';
  }

  /** Epoch ms when the provider may be probed again (0 when healthy). */
  coolingUntil(id: string): number {
    return this.#entry(id).until;
  }

  /**
   * Records an answer to a request sent at `sentAt`. It clears a failure only when sent after it: an
   * answer that was already on its way says nothing about a 429 that came since.
   */
  succeeded(id: string, sentAt: number = this.#now()): void {
    const entry = this.#entry(id);
    entry.suspectUntil = 0;
    if (entry.failures > 0 && sentAt < entry.failedAt) return;
    entry.failures = 0;
    entry.until = 0;
    entry.probing = false;
    entry.upstreamWait = false;
    delete entry.lastErrorCode;
  }

  /**
   * Records a failure and returns the cool-down it started, in ms (0 for errors that say nothing about the
   * provider). The probe slot is the prober's to give back (`release`): an older request failing late must
   * not open it for a second probe.
   */
  failed(id: string, error: SearchError): number {
    const entry = this.#entry(id);
    if (error.code === 'invalid_request') return 0;
    entry.failures++;
    entry.lastErrorCode = error.code;
    entry.failedAt = this.#now();
    entry.upstreamWait = error.code === 'rate_limited' || (error.retryAfterMs ?? 0) > 0;
    const o = this.#options;
    let ms: number;
    switch (error.code) {
      case 'rate_limited':
        ms = error.retryAfterMs ?? o.rateLimitedMs;
        break;
      case 'blocked':
        ms = Math.max(error.retryAfterMs ?? 0, o.blockedMs);
        break;
      case 'quota_exceeded':
      case 'unauthorized':
        ms = o.quotaMs;
        break;
      default:
        ms = Math.min(o.maxTransientMs, o.transientMs * 2 ** (entry.failures - 1));
    }
    ms = Math.min(Math.max(0, ms), MAX_COOLDOWN_MS);
    entry.until = entry.failedAt + ms;
    return ms;
  }

  /**
   * Takes over a state saved by `snapshot` (by another process, say): failures in a row, cool-down end and
   * last error. Anything malformed is ignored, since saved state may come from a file.
   */
  restore(saved: ProviderHealth): void {
    const { failures, coolingUntil, lastErrorCode, suspectUntil } = saved;
    if (typeof suspectUntil === 'number' && Number.isFinite(suspectUntil)) {
      // At most one attempt's worth: the request it stands for has ended by then.
      this.#entry(saved.provider).suspectUntil = Math.min(suspectUntil, this.#now() + MAX_SUSPECT_MS);
    }
    if (!Number.isSafeInteger(failures) || failures <= 0) return;
    if (typeof coolingUntil !== 'number' || !Number.isFinite(coolingUntil)) return;
    const entry = this.#entry(saved.provider);
    const now = this.#now();
    entry.failures = failures;
    // Capped as a fresh cool-down is: a saved "three years" is a bug or a hostile file, not a wait.
    entry.until = Math.min(coolingUntil, now + MAX_COOLDOWN_MS);
    entry.failedAt = Math.min(now, entry.until);
    entry.probing = false;
    if ((SEARCH_ERROR_CODES as readonly unknown[]).includes(lastErrorCode))
      entry.lastErrorCode = lastErrorCode;
    entry.upstreamWait = entry.lastErrorCode === 'rate_limited';
  }

  snapshot(id: string): ProviderHealth {
    const entry = this.#entry(id);
    const now = this.#now();
    const state: ProviderState =
      entry.failures === 0 ? 'healthy' : entry.probing || now >= entry.until ? 'probing' : 'cooling';
    const health: ProviderHealth = { provider: id, state, failures: entry.failures };
    if (entry.failures > 0) health.coolingUntil = entry.until;
    if (entry.suspectUntil > now) health.suspectUntil = entry.suspectUntil;
    if (entry.lastErrorCode) health.lastErrorCode = entry.lastErrorCode;
    return health;
  }
}
