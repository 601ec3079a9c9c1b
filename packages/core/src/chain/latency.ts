// Enough samples that a high percentile holds still from one search to the next (64 let a p90 wander
// between the p85 and the p95), few enough to follow a provider that changes within minutes.
const WINDOW = 512;
/** Samples before a provider's own tail is trusted; until then the caller's default stands in. */
export const MIN_SAMPLES = 8;
const EWMA_WEIGHT = 0.2;
/** The percentile `tailMs` gives: how long a provider later in the chain usually needs. */
const TAIL_PERCENTILE = 0.9;

class Samples {
  readonly values = new Float64Array(WINDOW);
  count = 0;
  ewma = 0;
  /** The window sorted, re-sorted only when asked after new samples. */
  sorted: Float64Array | undefined;
}

/**
 * Each provider's recent times: an EWMA and percentiles over the last 512. An attempt that was given up
 * while still running past its provider's usual tail (it lost to a hedge, or timed out) counts with the time
 * it had run, a lower bound of its own: leaving those out would keep only the fast ones and drag every
 * percentile down, so the slowest searches would hedge earlier and spend the budget the slowest need.
 */
export class LatencyTracker {
  readonly #samples = new Map<string, Samples>();

  record(id: string, ms: number): void {
    let s = this.#samples.get(id);
    if (!s) {
      s = new Samples();
      this.#samples.set(id, s);
    }
    s.values[s.count % WINDOW] = ms;
    s.ewma = s.count === 0 ? ms : s.ewma + EWMA_WEIGHT * (ms - s.ewma);
    s.count++;
    s.sorted = undefined;
  }

  /**
   * The `p`-th quantile (0..1) of the recent times in ms, never below the moving average, or undefined with
   * fewer than `MIN_SAMPLES`.
   */
  percentileMs(id: string, p: number): number | undefined {
    const s = this.#samples.get(id);
    if (!s || s.count < MIN_SAMPLES) return undefined;
    const n = Math.min(s.count, WINDOW);
    s.sorted ??= s.values.slice(0, n).sort();
    return Math.max(s.sorted[Math.min(n - 1, Math.floor(p * n))]!, s.ewma);
  }

  /** The usual tail (90th percentile) in ms, or undefined with fewer than `MIN_SAMPLES` answers. */
  tailMs(id: string): number | undefined {
    return this.percentileMs(id, TAIL_PERCENTILE);
  }

  /** The moving average in ms, or undefined before the first answer. */
  averageMs(id: string): number | undefined {
    const s = this.#samples.get(id);
    return s && s.count > 0 ? s.ewma : undefined;
  }
}
