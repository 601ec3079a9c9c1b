// The AWS SDKs' adaptive retry mode, client side: after a throttle the allowed send rate drops to 70% of what
// was being sent, then grows back along a cubic curve (CUBIC congestion control) that flattens near the rate
// that was throttled and probes past it. A token bucket holds requests to that rate.
const BETA = 0.7;
const SCALE = 0.4;
const MIN_RATE = 0.5;
/** Sends are counted in buckets this long and smoothed, as the AWS SDKs do. */
const BUCKET_MS = 500;
const SMOOTHING = 0.8;

/**
 * One provider's allowed send rate. Off (no limit) until the provider throttles a request without saying how
 * long to wait (a 429 with no Retry-After); from then on it adapts: lower on each throttle, higher on each
 * answer, never above twice what is really being sent (so a quiet spell does not bank an unbounded burst).
 */
export class SendRate {
  #enabled = false;
  #fillRate = 0;
  #tokens = 0;
  #refilledAt = 0;
  #lastMaxRate = 0;
  #throttledAt = 0;
  #measured = 0;
  #bucketStart = 0;
  #bucketCount = 0;

  /** Allowed requests per second, or undefined when no throttle has been met. */
  get rate(): number | undefined {
    return this.#enabled ? this.#fillRate : undefined;
  }

  /** Whether a request may be sent now; counts it as sent when it may. */
  tryTake(now: number): boolean {
    if (this.#enabled) {
      this.#refill(now);
      if (this.#tokens < 1) return false;
      this.#tokens -= 1;
    }
    this.#count(now);
    return true;
  }

  /** Counts a request sent regardless of the rate (a last resort when every provider is held back). */
  sendAnyway(now: number): void {
    if (this.#enabled) {
      this.#refill(now);
      this.#tokens = Math.max(0, this.#tokens - 1);
    }
    this.#count(now);
  }

  /** The provider throttled a request: at most 70% of the rate that met the throttle. */
  throttled(now: number): void {
    const sending = this.#enabled ? Math.min(this.#measured, this.#fillRate) : this.#measured;
    this.#lastMaxRate = Math.max(MIN_RATE, sending);
    this.#throttledAt = now;
    this.#enabled = true;
    this.#refill(now);
    this.#setRate(this.#lastMaxRate * BETA);
  }

  /** The provider answered: the rate climbs back along the cubic, bounded by twice the measured rate. */
  answered(now: number): void {
    if (!this.#enabled) return;
    const k = Math.cbrt((this.#lastMaxRate * (1 - BETA)) / SCALE);
    const t = (now - this.#throttledAt) / 1000;
    const cubic = SCALE * (t - k) ** 3 + this.#lastMaxRate;
    this.#refill(now);
    this.#setRate(Math.min(cubic, 2 * Math.max(this.#measured, MIN_RATE)));
  }

  #setRate(rate: number): void {
    this.#fillRate = Math.max(MIN_RATE, rate);
    this.#tokens = Math.min(this.#tokens, this.#capacity());
  }

  #capacity(): number {
    return Math.max(1, this.#fillRate);
  }

  #refill(now: number): void {
    if (this.#refilledAt === 0) this.#tokens = this.#capacity();
    else
      this.#tokens = Math.min(
        this.#capacity(),
        this.#tokens + ((now - this.#refilledAt) / 1000) * this.#fillRate,
      );
    this.#refilledAt = now;
  }

  #count(now: number): void {
    if (now - this.#bucketStart >= BUCKET_MS) {
      // Buckets with no sends in between count as zero.
      const buckets = Math.floor((now - this.#bucketStart) / BUCKET_MS);
      const rate = this.#bucketCount / (BUCKET_MS / 1000);
      this.#measured = rate * SMOOTHING + this.#measured * (1 - SMOOTHING);
      if (buckets > 1) this.#measured *= (1 - SMOOTHING) ** (buckets - 1);
      this.#bucketStart = now;
      this.#bucketCount = 0;
    }
    this.#bucketCount++;
    // Within the first bucket the measure would read zero: the bucket's own pace stands in.
    const inBucket = this.#bucketCount / Math.max(BUCKET_MS / 1000, (now - this.#bucketStart) / 1000);
    if (this.#measured === 0 || inBucket > this.#measured)
      this.#measured = Math.max(this.#measured, inBucket);
  }
}
