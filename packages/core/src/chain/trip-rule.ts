/**
 * When a closed breaker opens: a rule fed the outcomes of the calls made while it is closed. As cockatiel's
 * `ConsecutiveBreaker` and `SamplingBreaker`, a rule is its own small policy; `anyOf` combines them.
 */
export interface TripRule {
  /** A call answered. */
  success(now: number): void;
  /** A call failed (a fault of the provider). */
  failure(now: number): void;
  /** A call answered with nothing: a miss in a window, never a failure in a row. */
  miss(now: number): void;
  /** Whether failures are now the provider's norm. */
  tripped(now: number): boolean;
  /** The breaker closed: start over. */
  reset(): void;
}

/** Opens after `threshold` failures in a row (Envoy's outlier detection: 5 consecutive 5xx). */
export class ConsecutiveFailures implements TripRule {
  readonly #threshold: number;
  #count = 0;

  constructor(threshold: number) {
    this.#threshold = threshold;
  }

  success(): void {
    this.#count = 0;
  }

  failure(): void {
    this.#count++;
  }

  miss(): void {}

  tripped(): boolean {
    return this.#count >= this.#threshold;
  }

  reset(): void {
    this.#count = 0;
  }
}

export interface FailureRateOptions {
  /** Share of failed calls that opens it (0..1). */
  rate: number;
  /** Calls the window must hold before the rate counts. */
  minimumCalls: number;
  /** The window's length in ms. */
  windowMs: number;
}

// Outcomes kept: a window over its minimum of calls needs no more than the latest few dozen.
const WINDOW_SLOTS = 64;

/** Opens when the failure rate over a rolling window reaches `rate`, over at least `minimumCalls` calls. */
export class FailureRate implements TripRule {
  readonly #o: FailureRateOptions;
  // The latest outcomes' times and whether each failed, in a ring.
  readonly #at = new Float64Array(WINDOW_SLOTS);
  readonly #failed = new Uint8Array(WINDOW_SLOTS);
  #slots = 0;
  #next = 0;

  constructor(options: FailureRateOptions) {
    this.#o = options;
  }

  success(now: number): void {
    this.#push(now, false);
  }

  failure(now: number): void {
    this.#push(now, true);
  }

  miss(now: number): void {
    this.#push(now, true);
  }

  tripped(now: number): boolean {
    let calls = 0;
    let failures = 0;
    for (let i = 0; i < this.#slots; i++) {
      if (now - this.#at[i]! > this.#o.windowMs) continue;
      calls++;
      failures += this.#failed[i]!;
    }
    return calls >= this.#o.minimumCalls && failures / calls >= this.#o.rate;
  }

  reset(): void {
    this.#slots = 0;
    this.#next = 0;
  }

  #push(now: number, failed: boolean): void {
    this.#at[this.#next] = now;
    this.#failed[this.#next] = failed ? 1 : 0;
    this.#next = (this.#next + 1) % WINDOW_SLOTS;
    this.#slots = Math.min(this.#slots + 1, WINDOW_SLOTS);
  }
}

/** Trips when any of the rules does; each is told every outcome. */
export function anyOf(...rules: TripRule[]): TripRule {
  return {
    success: (now) => {
      for (const rule of rules) rule.success(now);
    },
    failure: (now) => {
      for (const rule of rules) rule.failure(now);
    },
    miss: (now) => {
      for (const rule of rules) rule.miss(now);
    },
    tripped: (now) => rules.some((rule) => rule.tripped(now)),
    reset: () => {
      for (const rule of rules) rule.reset();
    },
  };
}
