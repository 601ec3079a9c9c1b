import type { Logger } from '../logger.ts';
import type { Breakers, TrialLeases } from './breakers.ts';
import type { HedgeBudget } from './hedge-budget.ts';
import type { ChainStateStore } from './shared-state.ts';
import { readFleetUsage, readSharedEntry } from './shared-state-bounds.ts';

export interface FleetSyncOptions {
  /** How often the fleet's state is read while searches run, in ms. Default 250. */
  intervalMs?: number;
  /**
   * How long the first search waits for the fleet's state, in ms (a new CLI run should know of a 429 another
   * run met). Later searches never wait: they use what the last exchange brought. Default 25.
   */
  firstWaitMs?: number;
  /** Longest a store call may take before it counts as failed, in ms. Default 1000. */
  callTimeoutMs?: number;
  /** Longest a fleet trial may hold its lease, in ms (an attempt's longest run). */
  trialMs: number;
}

type Lease = { status: 'claiming' | 'held' | 'elsewhere'; token: string; until: number };

// After a failed exchange, the store is left alone this long.
const BACKOFF_MS = 5_000;
// A claim refused because another process holds the trial is tried again after this long.
const RECLAIM_MS = 500;

/**
 * Keeps a client's breakers and hedge budget in step with a fleet's through a `ChainStateStore`: changes are
 * sent at once, the fleet's state is read every `intervalMs` while searches run, and a half-open provider's
 * trial is leased so the fleet sends one, not one per process. The store being slow or gone never delays a
 * search beyond the first one's short wait: the client warns once and goes on with its own state.
 */
export class FleetSync implements TrialLeases {
  readonly #store: ChainStateStore;
  readonly #breakers: Breakers;
  readonly #budget: HedgeBudget;
  readonly #ids: readonly string[];
  readonly #logger: Logger;
  readonly #now: () => number;
  readonly #intervalMs: number;
  readonly #firstWaitMs: number;
  readonly #callTimeoutMs: number;
  readonly #trialMs: number;
  readonly #leases = new Map<string, Lease>();
  #waited = false;
  // The running exchange sends breaker changes (a flush waits for those, not for a plain read).
  #carrying = false;
  #running: Promise<void> | undefined;
  #again = false;
  #lastStart = Number.NEGATIVE_INFINITY;
  #pausedUntil = 0;
  #warned = false;

  constructor(
    store: ChainStateStore,
    parts: {
      breakers: Breakers;
      budget: HedgeBudget;
      ids: readonly string[];
      logger: Logger;
      now: () => number;
    },
    options: FleetSyncOptions,
  ) {
    this.#store = store;
    this.#breakers = parts.breakers;
    this.#budget = parts.budget;
    this.#ids = parts.ids;
    this.#logger = parts.logger;
    this.#now = parts.now;
    this.#intervalMs = options.intervalMs ?? 250;
    this.#firstWaitMs = options.firstWaitMs ?? 25;
    this.#callTimeoutMs = options.callTimeoutMs ?? 1_000;
    this.#trialMs = options.trialMs;
    parts.breakers.share(this, () => this.sync());
  }

  /** Before a search: starts an exchange when one is due; only the first search waits, and briefly. */
  beforeSearch(): Promise<void> | undefined {
    if (this.#now() - this.#lastStart >= this.#intervalMs) this.sync();
    if (this.#waited || !this.#running) return undefined;
    this.#waited = true;
    return withLimit(this.#running, this.#firstWaitMs);
  }

  /** Starts an exchange now (or right after the running one). */
  sync(): void {
    if (this.#now() < this.#pausedUntil) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#lastStart = this.#now();
    const run = this.#exchange().finally(() => {
      this.#running = undefined;
      if (this.#again) {
        this.#again = false;
        this.sync();
      }
    });
    this.#running = run;
  }

  /**
   * Sends what changed and waits for it, at most `ms` (a CLI run before it exits). With nothing to send, or
   * the store failing, it returns at once.
   */
  async flush(ms = 500): Promise<void> {
    if (this.#now() < this.#pausedUntil) return;
    if (!this.#breakers.hasChanges() && !this.#budget.hasLocal() && !this.#carrying) return;
    this.sync();
    // Real time, whatever clock the client was given.
    const end = performance.now() + ms;
    while (this.#running && performance.now() < end) {
      await withLimit(this.#running, end - performance.now());
    }
  }

  status(provider: string): 'held' | 'refused' {
    const now = this.#now();
    const lease = this.#leases.get(provider);
    // A lease outlives no trial: one left unused (the breaker closed meanwhile) lapses with the store's.
    if (lease?.status === 'held' && now < lease.until) return 'held';
    if (lease?.status === 'held') this.#leases.delete(provider);
    if (lease && (lease.status === 'claiming' || now < lease.until)) return 'refused';
    if (now < this.#pausedUntil) return 'held'; // no fleet to ask: this process decides alone
    this.#claim(provider, now);
    return 'refused';
  }

  ended(provider: string): void {
    const lease = this.#leases.get(provider);
    if (lease?.status !== 'held') return;
    this.#leases.delete(provider);
    this.#guard(this.#store.releaseTrial(provider, lease.token)).catch(() => undefined);
  }

  #claim(provider: string, now: number): void {
    const token = `${now.toString(36)}-${Math.random().toString(36).slice(2)}`;
    const lease: Lease = { status: 'claiming', token, until: 0 };
    this.#leases.set(provider, lease);
    this.#guard(this.#store.claimTrial(provider, token, this.#trialMs)).then(
      (held) => {
        if (this.#leases.get(provider) !== lease) return;
        lease.status = held ? 'held' : 'elsewhere';
        lease.until = this.#now() + (held ? this.#trialMs : RECLAIM_MS);
      },
      (error: unknown) => {
        this.#leases.delete(provider);
        this.#failed(error);
      },
    );
  }

  async #exchange(): Promise<void> {
    const providers = this.#breakers.takeChanges();
    const hedges = this.#budget.takeLocal();
    this.#carrying = providers.length > 0 || hedges.searches !== 0 || hedges.hedges !== 0;
    try {
      const fleet = await this.#guard(this.#store.exchange({ providers, hedges }, this.#ids));
      // The store is untrusted input: an entry out of its bounds is ignored, counts are cut to a window's.
      if (Array.isArray(fleet?.providers)) this.#breakers.merge(this.#valid(fleet.providers));
      const usage = readFleetUsage(fleet?.hedges);
      if (usage) this.#budget.setFleet(usage);
    } catch (error) {
      this.#failed(error);
    } finally {
      this.#carrying = false;
    }
  }

  #valid(entries: readonly unknown[]): unknown[] {
    const now = this.#now();
    return entries.flatMap((entry) => {
      const id = (entry as { provider?: unknown } | null)?.provider;
      if (typeof id !== 'string' || !this.#ids.includes(id)) return [];
      return readSharedEntry(entry, id, now) ?? [];
    });
  }

  #failed(error: unknown): void {
    this.#pausedUntil = this.#now() + BACKOFF_MS;
    if (this.#warned) return;
    this.#warned = true;
    const kind = error instanceof Error ? error.name : typeof error;
    this.#logger.warn(
      { error: kind },
      'shared chain state unavailable; each process keeps its own provider health until it is back',
    );
  }

  #guard<T>(call: Promise<T>): Promise<T> {
    return withLimit(call, this.#callTimeoutMs, true);
  }
}

/** `promise`, or after `ms` a rejection (`fail`) or an early resolution. */
function withLimit<T>(promise: Promise<T>, ms: number, fail = false): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<T>((resolve, reject) => {
    timer = setTimeout(
      () =>
        fail ? reject(new Error('the shared chain state did not answer in time')) : resolve(undefined as T),
      Math.max(0, ms),
    );
    (timer as { unref?: () => void }).unref?.();
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}
