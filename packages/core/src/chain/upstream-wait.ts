import type { SearchError } from '../errors.ts';

/** Longest wait of any kind: an upstream's Retry-After or a saved state cannot hold a provider longer. */
export const MAX_WAIT_MS = 3_600_000;

/** The wait an error asks for (its Retry-After), bounded: 0 when it asks none. */
export function retryAfterOf(error: SearchError): number {
  return Math.min(Math.max(0, error.retryAfterMs ?? 0), MAX_WAIT_MS);
}

/**
 * The wait an upstream asked for (Retry-After). It is law: no request starts before it ends, from any path
 * (failover, hedge, trial, panic). Waits only grow: a later, shorter Retry-After does not cut one short.
 */
export class UpstreamWait {
  #until = 0;

  /** When the wait ends (epoch ms; 0: none was asked). */
  get until(): number {
    return this.#until;
  }

  waiting(now: number): boolean {
    return now < this.#until;
  }

  /** The upstream asked for `ms` from `now` (nothing when `ms` is 0). */
  extend(now: number, ms: number): void {
    if (ms > 0) this.#until = Math.max(this.#until, now + ms);
  }

  /** Another process's wait, when it ends later, capped at `MAX_WAIT_MS` from now. */
  restore(until: number, now: number): void {
    if (until > this.#until) this.#until = Math.min(until, now + MAX_WAIT_MS);
  }
}
