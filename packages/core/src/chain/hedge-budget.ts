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
  #searches = 0;
  #hedges = 0;

  constructor(share: number) {
    this.#share = share;
  }

  countSearch(): void {
    this.#searches++;
  }

  /** Claims one hedge; false when the budget is spent. */
  tryHedge(): boolean {
    if (this.#hedges >= this.#share * this.#searches + 1) return false;
    this.#hedges++;
    return true;
  }

  /** The hedged provider failed: the extra call was the failover it would have needed anyway. */
  refund(): void {
    if (this.#hedges > 0) this.#hedges--;
  }

  usage(): HedgeUsage {
    return { searches: this.#searches, hedges: this.#hedges };
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
