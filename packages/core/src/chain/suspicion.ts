// Longest an attempt may run (the largest deadline the configuration takes): a saved suspicion ends by then.
const MAX_SUSPECT_MS = 120_000;

/**
 * Whether a provider is tried after the others: one of its requests timed out (for the open time, doubling
 * with each timeout in a row), or is still silent past its usual tail (until that attempt's timer). An answer
 * ends the second at once; the first ends with an answer to a request sent since.
 */
export class Suspicion {
  readonly #openMs: number;
  readonly #maxOpenMs: number;
  #timeouts = 0;
  #until = 0;
  #overdue = 0;
  #overdueUntil = 0;

  constructor(openMs: number, maxOpenMs: number) {
    this.#openMs = openMs;
    this.#maxOpenMs = maxOpenMs;
  }

  /** Until when it is suspect (epoch ms), or 0. */
  get until(): number {
    return Math.max(this.#overdueUntil, this.#until);
  }

  suspect(now: number): boolean {
    return this.until > now;
  }

  /** It timed out and has answered nothing sent since. */
  recovering(): boolean {
    return this.#timeouts > 0;
  }

  /** A request timed out: suspect at once, for longer with each timeout in a row. */
  timedOut(now: number): void {
    this.#timeouts++;
    const ms = Math.min(this.#maxOpenMs, this.#openMs * 2 ** (this.#timeouts - 1));
    this.#until = Math.max(this.#until, now + ms);
  }

  /** An attempt ran past its usual tail without an answer; its timer fires at `endsAt`. */
  markOverdue(endsAt: number): void {
    this.#overdue++;
    this.#overdueUntil = Math.max(this.#overdueUntil, endsAt);
  }

  overdueEnded(): void {
    if (this.#overdue > 0) this.#overdue--;
    if (this.#overdue === 0) this.#overdueUntil = 0;
  }

  /** It answered a request (any): it is not silent. */
  answered(): void {
    this.#overdueUntil = 0;
  }

  /** It answered a request sent after its last opening: the timeouts in a row are over. */
  recovered(): void {
    this.#until = 0;
    this.#timeouts = 0;
  }

  /** Another process's suspicion, when it ends later, capped at the longest an attempt may run. */
  restore(until: number, now: number): void {
    if (until > this.#until) this.#until = Math.min(until, now + MAX_SUSPECT_MS);
  }
}
