import { SEARCH_ERROR_CODES, type SearchError, type SearchErrorCode } from './errors.ts';

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
  lastErrorCode?: SearchErrorCode;
}

interface Entry {
  failures: number;
  until: number;
  probing: boolean;
  lastErrorCode?: SearchErrorCode;
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
      entry = { failures: 0, until: 0, probing: false };
      this.#entries.set(id, entry);
    }
    return entry;
  }

  /** Whether a request may use the provider now; claims the probe slot when the provider is recovering. */
  tryAcquire(id: string): boolean {
    const entry = this.#entry(id);
    if (entry.failures === 0) return true;
    if (this.#now() < entry.until || entry.probing) return false;
    entry.probing = true;
    return true;
  }

  /** Claims the provider even while it cools down: the last resort when every provider is cooling. */
  forceProbe(id: string): void {
    this.#entry(id).probing = true;
  }

  /** Gives back a probe slot that was claimed but not used (the attempt was aborted before an answer). */
  release(id: string): void {
    this.#entry(id).probing = false;
  }

  /** Epoch ms when the provider may be probed again (0 when healthy). */
  coolingUntil(id: string): number {
    return this.#entry(id).until;
  }

  succeeded(id: string): void {
    const entry = this.#entry(id);
    entry.failures = 0;
    entry.until = 0;
    entry.probing = false;
    delete entry.lastErrorCode;
  }

  /** Records a failure and returns the cool-down it started, in ms (0 for errors that say nothing about the provider). */
  failed(id: string, error: SearchError): number {
    const entry = this.#entry(id);
    entry.probing = false;
    if (error.code === 'invalid_request') return 0;
    entry.failures++;
    entry.lastErrorCode = error.code;
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
    entry.until = this.#now() + ms;
    return ms;
  }

  /**
   * Takes over a state saved by `snapshot` (by another process, say): failures in a row, cool-down end and
   * last error. Anything malformed is ignored, since saved state may come from a file.
   */
  restore(saved: ProviderHealth): void {
    const { failures, coolingUntil, lastErrorCode } = saved;
    if (!Number.isSafeInteger(failures) || failures <= 0) return;
    if (typeof coolingUntil !== 'number' || !Number.isFinite(coolingUntil)) return;
    const entry = this.#entry(saved.provider);
    entry.failures = failures;
    entry.until = coolingUntil;
    entry.probing = false;
    if ((SEARCH_ERROR_CODES as readonly unknown[]).includes(lastErrorCode))
      entry.lastErrorCode = lastErrorCode;
  }

  snapshot(id: string): ProviderHealth {
    const entry = this.#entry(id);
    const now = this.#now();
    const state: ProviderState =
      entry.failures === 0 ? 'healthy' : entry.probing || now >= entry.until ? 'probing' : 'cooling';
    const health: ProviderHealth = { provider: id, state, failures: entry.failures };
    if (entry.failures > 0) health.coolingUntil = entry.until;
    if (entry.lastErrorCode) health.lastErrorCode = entry.lastErrorCode;
    return health;
  }
}
