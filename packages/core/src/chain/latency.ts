// Enough samples that a high percentile holds still from one search to the next (512 let the 91st wander by
// a tenth either way, and the slowest searches with it), few enough to follow a provider that changes
// within minutes.
const WINDOW = 1024;
/** Samples before a provider's own tail is trusted; until then the caller's default stands in. */
export const MIN_SAMPLES = 8;
const EWMA_WEIGHT = 0.2;
/** The percentile `tailMs` gives: how long a provider later in the chain usually needs. */
const TAIL_PERCENTILE = 0.9;

/** The index of the first value in `sorted[0, n)` not below `value`. */
function lowerBound(sorted: Float64Array, n: number, value: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

class Samples {
  /** The last `WINDOW` times in the order they came (a ring). */
  readonly values = new Float64Array(WINDOW);
  /** The same times sorted, kept so with each one in and out: no sort on the search path. */
  readonly sorted = new Float64Array(WINDOW);
  count = 0;
  ewma = 0;
  /** When each running attempt started, oldest first (a Map keeps the order they started in). */
  readonly running = new Map<object, number>();

  get size(): number {
    return Math.min(this.count, WINDOW);
  }

  add(ms: number): void {
    const { sorted } = this;
    let n = this.size;
    if (n === WINDOW) {
      const out = lowerBound(sorted, n, this.values[this.count % WINDOW]!);
      sorted.copyWithin(out, out + 1, n);
      n--;
    }
    const at = lowerBound(sorted, n, ms);
    sorted.copyWithin(at + 1, at, n);
    sorted[at] = ms;
    this.values[this.count % WINDOW] = ms;
    this.ewma = this.count === 0 ? ms : this.ewma + EWMA_WEIGHT * (ms - this.ewma);
    this.count++;
  }
}

/**
 * Each provider's recent times: an EWMA and percentiles over the last 1024. An attempt that was given up
 * while still running past its provider's usual tail (it lost to a hedge, or timed out) counts with the time
 * it had run, a lower bound of its own: leaving those out would keep only the fast ones and drag every
 * percentile down, so the slowest searches would hedge earlier and spend the budget the slowest need.
 * For the same reason attempts still running count once they have run past the percentile asked for: with
 * many searches at once the fast ones answer first, and a new client would otherwise hedge nearly every
 * search and spend its budget before its slowest searches came.
 */
export class LatencyTracker {
  readonly #samples = new Map<string, Samples>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  #of(id: string): Samples {
    let s = this.#samples.get(id);
    if (!s) {
      s = new Samples();
      this.#samples.set(id, s);
    }
    return s;
  }

  /** An attempt (`key`) at provider `id` started at `at`: it counts with its running time until `stopped`. */
  started(id: string, key: object, at: number): void {
    this.#of(id).running.set(key, at);
  }

  stopped(id: string, key: object): void {
    this.#samples.get(id)?.running.delete(key);
  }

  record(id: string, ms: number): void {
    this.#of(id).add(ms);
  }

  /**
   * The `p`-th quantile (0..1) of the recent times, and of the running attempts' times so far where they
   * are longer, in ms; never below the moving average; undefined with fewer than `MIN_SAMPLES` recorded.
   */
  percentileMs(id: string, p: number): number | undefined {
    const s = this.#samples.get(id);
    if (!s || s.count < MIN_SAMPLES) return undefined;
    return Math.max(this.#quantile(s, s.size, p), s.ewma);
  }

  /**
   * The quantile of the sorted window merged with the running times past the window's own: a running
   * attempt is known only to take longer than it has run so far, which says something only once that is
   * above the quantile. Walked down from the top, so only the share above `p` is visited; the running
   * times come oldest (longest) first already.
   */
  #quantile(s: Samples, n: number, p: number): number {
    const { sorted } = s;
    const own = sorted[Math.min(n - 1, Math.floor(p * n))]!;
    if (s.running.size === 0) return own;
    const now = this.#now();
    let past = 0;
    for (const at of s.running.values()) {
      if (now - at <= own) break;
      past++;
    }
    if (past === 0) return own;
    const total = n + past;
    let above = total - 1 - Math.min(total - 1, Math.floor(p * total));
    let i = n - 1;
    for (const at of s.running.values()) {
      const ran = now - at;
      if (ran <= own) break;
      // Window values above this running time come first.
      while (i >= 0 && sorted[i]! > ran) {
        if (above === 0) return sorted[i]!;
        above--;
        i--;
      }
      if (above === 0) return ran;
      above--;
    }
    return sorted[i - above]!;
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
