/** One spend counter: a period's total (day, month, or the share hedges may use), in millionths of a dollar. */
export interface SpendCounter {
  key: string;
  /** The most the counter may reach, in millionths of a dollar. */
  limit: number;
  /** When the counter's period is over and it may go (epoch ms). */
  expiresAt: number;
}

/** What `SpendStore.add` did: added to every counter, or to none because `refused` (its index) would pass its limit. */
export type SpendAddition = { added: true } | { added: false; refused: number; total: number };

/**
 * Where spend is counted: in this process (`MemorySpendStore`) or for a fleet (`createRedisSpendStore` from
 * `@agent-search/cache`, on the Redis the chain state uses). `add` is atomic across every caller of the
 * store: two processes never both take the last of a budget.
 */
export interface SpendStore {
  /** Adds `amount` to every counter if each stays within its limit, else to none. */
  add(counters: readonly SpendCounter[], amount: number): Promise<SpendAddition>;
  /** Takes back `amount` added to these counters (a request that was never billed). */
  subtract(keys: readonly string[], amount: number): Promise<void>;
}

/** Spend counted in this process only: what a single server or a test uses without Redis. */
export class MemorySpendStore implements SpendStore {
  readonly #counters = new Map<string, { total: number; expiresAt: number }>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  #total(key: string): number {
    const counter = this.#counters.get(key);
    if (counter && counter.expiresAt <= this.#now()) this.#counters.delete(key);
    return this.#counters.get(key)?.total ?? 0;
  }

  async add(counters: readonly SpendCounter[], amount: number): Promise<SpendAddition> {
    for (const [index, c] of counters.entries()) {
      const total = this.#total(c.key);
      if (total + amount > c.limit) return { added: false, refused: index, total };
    }
    for (const c of counters) {
      this.#counters.set(c.key, { total: this.#total(c.key) + amount, expiresAt: c.expiresAt });
    }
    return { added: true };
  }

  async subtract(keys: readonly string[], amount: number): Promise<void> {
    for (const key of keys) {
      const counter = this.#counters.get(key);
      if (counter) counter.total = Math.max(0, counter.total - amount);
    }
  }
}
