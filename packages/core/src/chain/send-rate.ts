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
// Answers remembered to measure the rate the provider accepts (the last second's, up to this many).
const ANSWERS_KEPT = 1_024;

export class SendRate {
  // When the last answers came: the rate the provider demonstrably accepts is a floor for any cut.
  readonly #answers = new Float64Array(ANSWERS_KEPT);
  #answerCount = 0;
  #floor = 0;
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

  /**
   * The provider throttled a request sent at `sentAt`: at most 70% of the rate that met the throttle. A
   * request sent before the last cut was sent at the old rate: its 429 says nothing new (with many requests in
   * flight, one burst over a quota would otherwise cut the rate once per request).
   */
  throttled(now: number, sentAt: number = now): void {
    if (this.#enabled && sentAt < this.#throttledAt) return;
    const sending = this.#enabled ? Math.min(this.#measured, this.#fillRate) : this.#measured;
    this.#lastMaxRate = Math.max(MIN_RATE, sending);
    this.#throttledAt = now;
    this.#enabled = true;
    // Never below what it answered over the last second: a quota met by a burst of requests in flight
    // would otherwise cut the rate far under the quota itself.
    this.#floor = Math.min(this.#lastMaxRate, this.#acceptedPerSecond(now));
    this.#refill(now);
    this.#setRate(Math.max(this.#lastMaxRate * BETA, this.#floor));
  }

  #acceptedPerSecond(now: number): number {
    let n = 0;
    const kept = Math.min(this.#answerCount, ANSWERS_KEPT);
    for (let i = 0; i < kept; i++) if (now - this.#answers[i]! < 1_000) n++;
    return n;
  }

  /** The provider answered: the rate climbs back along the cubic, bounded by twice the measured rate. */
  answered(now: number): void {
    this.#answers[this.#answerCount % ANSWERS_KEPT] = now;
    this.#answerCount++;
    if (!this.#enabled) return;
    const k = Math.cbrt((this.#lastMaxRate * (1 - BETA)) / SCALE);
    const t = (now - this.#throttledAt) / 1000;
    const cubic = Math.max(SCALE * (t - k) ** 3 + this.#lastMaxRate, this.#floor);
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
