import type { SearchError } from '../errors.ts';
import {
  type Admission,
  type BreakerOptions,
  type FailureEffect,
  ProviderBreaker,
  type ProviderHealth,
} from './breaker.ts';

/**
 * Grants the fleet's one trial of a half-open provider: `held` lets this process run it, anything else
 * refuses (another process runs it, or the claim is on its way). Without a fleet, every trial is local.
 */
export interface TrialLeases {
  status(provider: string): 'held' | 'refused';
  /** The trial this process ran has ended. */
  ended(provider: string): void;
}

/**
 * The breakers of a client's providers: the one place the chain reads and writes provider health. It notes
 * which providers changed in ways the fleet must hear of (an opening, a closing, an upstream wait).
 */
export class Breakers {
  readonly #breakers = new Map<string, ProviderBreaker>();
  readonly #options: BreakerOptions;
  readonly #now: () => number;
  readonly #changed = new Set<string>();
  #leases: TrialLeases | undefined;
  #onChange: (() => void) | undefined;

  constructor(ids: Iterable<string>, options: BreakerOptions, now: () => number) {
    this.#options = options;
    this.#now = now;
    for (const id of ids) this.#breakers.set(id, new ProviderBreaker(id, options));
  }

  /** Shares trials and changes with a fleet (see `FleetSync`). */
  share(leases: TrialLeases, onChange: () => void): void {
    this.#leases = leases;
    this.#onChange = onChange;
  }

  #get(id: string): ProviderBreaker {
    let breaker = this.#breakers.get(id);
    if (!breaker) {
      breaker = new ProviderBreaker(id, this.#options);
      this.#breakers.set(id, breaker);
    }
    return breaker;
  }

  admit(id: string): Admission {
    const breaker = this.#get(id);
    const now = this.#now();
    const fleetTrial =
      !this.#leases || breaker.state(now) !== 'half-open' || this.#leases.status(id) === 'held';
    return breaker.admit(now, fleetTrial);
  }

  admitInPanic(id: string): boolean {
    return this.#get(id).admitInPanic(this.#now());
  }

  available(id: string): boolean {
    return this.#get(id).available(this.#now());
  }

  healthy(id: string): boolean {
    return this.#get(id).healthy(this.#now());
  }

  recovering(id: string): boolean {
    return this.#get(id).recovering();
  }

  suspect(id: string): boolean {
    return this.#get(id).suspect(this.#now());
  }

  state(id: string): ProviderHealth {
    return this.#get(id).toJSON(this.#now());
  }

  markOverdue(id: string, endsAt: number): void {
    this.#get(id).markOverdue(endsAt);
  }

  overdueEnded(id: string): void {
    this.#get(id).overdueEnded();
  }

  trialEnded(id: string): void {
    this.#get(id).trialEnded();
    this.#leases?.ended(id);
  }

  succeeded(id: string, sentAt: number): void {
    const breaker = this.#get(id);
    const now = this.#now();
    const wasOpen = breaker.state(now) !== 'closed';
    breaker.succeeded(now, sentAt);
    if (wasOpen && breaker.state(now) === 'closed') this.#noteChange(id);
  }

  empty(id: string, sentAt: number): void {
    const breaker = this.#get(id);
    const now = this.#now();
    const wasClosed = breaker.state(now) === 'closed';
    breaker.empty(now, sentAt);
    if (wasClosed && breaker.state(now) !== 'closed') this.#noteChange(id);
  }

  failed(id: string, error: SearchError, trial: boolean, sentAt: number): FailureEffect {
    const effect = this.#get(id).failed(this.#now(), error, trial, sentAt);
    if (effect.openedMs !== undefined || effect.waitMs !== undefined) this.#noteChange(id);
    return effect;
  }

  /** Takes over saved or shared states: entries for providers this client lacks, or malformed ones, are ignored. */
  merge(saved: readonly unknown[]): void {
    const now = this.#now();
    for (const entry of saved) {
      if (typeof entry !== 'object' || entry === null) continue;
      const health = entry as ProviderHealth;
      const breaker = this.#breakers.get(health.provider);
      if (breaker) breaker.merge(health, now);
    }
  }

  snapshot(ids: readonly string[]): ProviderHealth[] {
    const now = this.#now();
    return ids.map((id) => this.#get(id).toJSON(now));
  }

  hasChanges(): boolean {
    return this.#changed.size > 0;
  }

  /** The providers that changed since the last call, as the fleet should hear of them. */
  takeChanges(): ProviderHealth[] {
    const changes = this.snapshot([...this.#changed]);
    this.#changed.clear();
    return changes;
  }

  #noteChange(id: string): void {
    this.#changed.add(id);
    this.#onChange?.();
  }
}
