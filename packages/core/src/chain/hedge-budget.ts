/** How many searches ran and how many of them started an extra provider call as a hedge. */
export interface HedgeUsage {
  searches: number;
  hedges: number;
}

// Counts kept from a saved state: enough history for the share to mean something, little enough to adapt.
const MAX_SAVED_SEARCHES = 10_000;

/**
 * Limits hedges to a share of searches (plus one), so a paid provider is not called twice on every slow
 * search. A hedge whose slow provider then failed was a failover after all and is given back. The counts
 * can be saved and taken over (`usage`, `restore`), so the share holds across processes sharing state.
 */
export class HedgeBudget {
  readonly #share: number;
  // Counted here since the last hand-over to the fleet (all counts, without a fleet).
  #searches = 0;
  #hedges = 0;
  // The fleet's counts at the last exchange (this process's handed-over counts included).
  #fleet: HedgeUsage = { searches: 0, hedges: 0 };

  constructor(share: number) {
    this.#share = share;
  }

  countSearch(): void {
    this.#searches++;
  }

  /** Claims one hedge; false when the budget is spent. */
  tryHedge(): boolean {
    const { searches, hedges } = this.usage();
    if (hedges >= this.#share * searches + 1) return false;
    this.#hedges++;
    return true;
  }

  /** The hedged provider failed: the extra call was the failover it would have needed anyway. */
  refund(): void {
    // Below zero only when the hedge was already handed to the fleet: the fleet's count goes down then.
    if (this.#hedges > 0 || this.#fleet.hedges > 0) this.#hedges--;
  }

  usage(): HedgeUsage {
    return {
      searches: this.#fleet.searches + this.#searches,
      hedges: Math.max(0, this.#fleet.hedges + this.#hedges),
    };
  }

  /** Counts not yet handed to the fleet. */
  hasLocal(): boolean {
    return this.#searches !== 0 || this.#hedges !== 0;
  }

  /** The counts since the last hand-over, for the fleet; they are the fleet's from now on. */
  takeLocal(): HedgeUsage {
    const local = { searches: this.#searches, hedges: this.#hedges };
    this.#fleet = {
      searches: this.#fleet.searches + this.#searches,
      hedges: this.#fleet.hedges + this.#hedges,
    };
    this.#searches = 0;
    this.#hedges = 0;
    return local;
  }

  /** The fleet's counts as the shared store returned them (malformed counts are ignored). */
  setFleet(fleet: unknown): void {
    const { searches, hedges } = (fleet ?? {}) as Partial<HedgeUsage>;
    if (!Number.isSafeInteger(searches) || !Number.isSafeInteger(hedges)) return;
    this.#fleet = { searches: Math.max(0, searches as number), hedges: Math.max(0, hedges as number) };
  }

  /** Adds usage saved by another process; malformed counts (from a file) are ignored. */
  restore(saved: unknown): void {
    const { searches, hedges } = (saved ?? {}) as Partial<HedgeUsage>;
    if (!Number.isSafeInteger(searches) || !Number.isSafeInteger(hedges)) return;
    if ((searches as number) < 0 || (hedges as number) < 0) return;
    const s = Math.min(searches as number, MAX_SAVED_SEARCHES);
    // Scaled down with the searches, so a long history keeps its share.
    const h = Math.min(
      hedges as number,
      Math.ceil((hedges as number) * (s / Math.max(1, searches as number))),
    );
    this.#searches += s;
    this.#hedges += Math.min(h, s + 1);
  }
}
