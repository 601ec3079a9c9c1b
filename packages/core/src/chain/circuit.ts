export type BreakerState = 'closed' | 'open' | 'half-open';

// Openings in a row are counted up to this: the open time stops doubling long before.
const MAX_OPENINGS = 32;

/**
 * The breaker's state machine: closed (requests flow), open (refused until its time ends), half-open (its
 * time is over: one trial at a time decides). Each opening in a row doubles the open time, up to its maximum;
 * a closing starts over. What opens or closes it is decided by the breaker (`breaker.ts`), not here.
 */
export class Circuit {
  readonly #openMs: number;
  readonly #maxOpenMs: number;
  #open = false;
  #openUntil = 0;
  #openedAt = 0;
  #openings = 0;
  #closedAt = 0;
  #trials = 0;
  /** Opened by the upstream's judgement (a block, a key, a quota): panic may not override its open time. */
  #byUpstream = false;

  constructor(openMs: number, maxOpenMs: number) {
    this.#openMs = openMs;
    this.#maxOpenMs = maxOpenMs;
  }

  state(now: number): BreakerState {
    if (!this.#open) return 'closed';
    return now < this.#openUntil ? 'open' : 'half-open';
  }

  get isOpen(): boolean {
    return this.#open;
  }

  get openUntil(): number {
    return this.#openUntil;
  }

  get openedAt(): number {
    return this.#openedAt;
  }

  get closedAt(): number {
    return this.#closedAt;
  }

  get openings(): number {
    return this.#openings;
  }

  get byUpstream(): boolean {
    return this.#byUpstream;
  }

  /** The next open time: the first one, doubled with each opening in a row. */
  backoffMs(): number {
    return Math.min(this.#maxOpenMs, this.#openMs * 2 ** this.#openings);
  }

  /**
   * Opens (or reopens) for `ms`. `byUpstream` says who judged it (true: the upstream, false: our own trip
   * rule); left out, a reopening keeps the judgement of the opening it extends.
   */
  open(now: number, ms: number, byUpstream?: boolean): void {
    this.#open = true;
    this.#openedAt = now;
    this.#openUntil = now + ms;
    this.#openings = Math.min(this.#openings + 1, MAX_OPENINGS);
    if (byUpstream !== undefined) this.#byUpstream = byUpstream;
  }

  /** Takes over an opening another process saw (its times already checked and capped). */
  restore(opening: { openedAt: number; openUntil: number; openings: number; byUpstream: boolean }): void {
    this.#open = true;
    this.#openedAt = opening.openedAt;
    this.#openUntil = opening.openUntil;
    this.#openings = Math.max(this.#openings, Math.min(opening.openings, MAX_OPENINGS));
    this.#byUpstream = opening.byUpstream;
  }

  close(now: number): void {
    this.#open = false;
    this.#byUpstream = false;
    this.#openUntil = 0;
    this.#openings = 0;
    this.#closedAt = now;
  }

  /** Whether a trial is running now. */
  get trialRunning(): boolean {
    return this.#trials > 0;
  }

  /** Claims the half-open breaker's one trial slot (give it back with `trialEnded`). */
  startTrial(): void {
    this.#trials++;
  }

  /** A trial ended (whatever its outcome, or aborted before one): the slot is free again. */
  trialEnded(): void {
    if (this.#trials > 0) this.#trials--;
  }
}
