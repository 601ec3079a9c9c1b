const WINDOW = 64;
/** Samples before a provider's own tail is trusted; until then the caller's default stands in. */
export const MIN_SAMPLES = 8;
const EWMA_WEIGHT = 0.2;

class Samples {
  readonly values = new Float64Array(WINDOW);
  count = 0;
  ewma = 0;
  /** Cached tail, recomputed only when asked after new samples. */
  tail = 0;
  dirty = false;
}

/**
 * Each provider's recent answer times: an EWMA and a high percentile over the last 64 answers. The
 * percentile is the provider's usual tail: an attempt slower than that is worth hedging, and the time
 * kept for a provider later in the chain.
 */
export class LatencyTracker {
  readonly #samples = new Map<string, Samples>();
  readonly #percentile: number;

  /** `percentile` in (0, 1): which quantile is the tail. */
  constructor(percentile = 0.9) {
    this.#percentile = percentile;
  }

  record(id: string, ms: number): void {
    let s = this.#samples.get(id);
    if (!s) {
      s = new Samples();
      this.#samples.set(id, s);
    }
    s.values[s.count % WINDOW] = ms;
    s.ewma = s.count === 0 ? ms : s.ewma + EWMA_WEIGHT * (ms - s.ewma);
    s.count++;
    s.dirty = true;
  }

  /** The usual tail in ms, or undefined with fewer than `MIN_SAMPLES` answers. */
  tailMs(id: string): number | undefined {
    const s = this.#samples.get(id);
    if (!s || s.count < MIN_SAMPLES) return undefined;
    if (s.dirty) {
      const n = Math.min(s.count, WINDOW);
      const sorted = s.values.slice(0, n).sort();
      s.tail = Math.max(sorted[Math.min(n - 1, Math.floor(this.#percentile * n))]!, s.ewma);
      s.dirty = false;
    }
    return s.tail;
  }

  /** The moving average in ms, or undefined before the first answer. */
  averageMs(id: string): number | undefined {
    const s = this.#samples.get(id);
    return s && s.count > 0 ? s.ewma : undefined;
  }
}
