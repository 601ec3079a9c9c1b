// A timer this much later than asked is the ordinary jitter of a timer, not a starved event loop.
const TIMER_JITTER_MS = 20;

/**
 * An attempt's limit as a timer that a busy event loop cannot turn into a false timeout. A timer that fires
 * late says the loop was busy (load, a GC pause) while the attempt waited: its answer may be read, not yet
 * handled, in the same turn of the loop (timers run before I/O callbacks). So while the search's deadline
 * has room (beyond what is kept for the next provider), the attempt gets back the time the loop took from it
 * and the timer is armed again (an answer handled meanwhile stops it); only a timer that fires on time, or
 * with no room left, calls `timeUp`.
 */
export class AttemptTimer {
  readonly #now: () => number;
  readonly #graceUntil: number;
  readonly #timeUp: () => void;
  #dueAt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #unref = false;

  /** `graceUntil`: the latest a late timer may be pushed back to (the deadline, less the next one's time). */
  constructor(now: () => number, graceUntil: number, timeUp: () => void) {
    this.#now = now;
    this.#graceUntil = graceUntil;
    this.#timeUp = timeUp;
  }

  /** Arms it to fire `ms` from `from` (on the chain's clock). */
  start(from: number, ms: number): void {
    this.#arm(from + ms, ms);
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** It no longer keeps the process alive (an attempt left to run on unseen). */
  unref(): void {
    this.#unref = true;
    (this.#timer as { unref?: () => void } | undefined)?.unref?.();
  }

  #arm(dueAt: number, ms: number): void {
    this.#dueAt = dueAt;
    this.#timer = setTimeout(() => this.#fired(), ms);
    if (this.#unref) this.unref();
  }

  #fired(): void {
    const now = this.#now();
    const late = now - this.#dueAt;
    const room = this.#graceUntil - now;
    if (late > TIMER_JITTER_MS && room > 0) {
      const grace = Math.min(late, room);
      this.#arm(now + grace, grace);
      return;
    }
    this.#timer = undefined;
    this.#timeUp();
  }
}
