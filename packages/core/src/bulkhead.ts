// Written here rather than taken from cockatiel (its BulkheadPolicy, 4.0.0): a call queued there keeps its
// place after its signal aborts and only learns so when a slot frees (with TaskCancelledError, not the
// signal's reason), so a queue of abandoned calls can refuse live ones; and the package is 262 kB unpacked
// (90 files) in core's install for what is about 70 lines.

import { hasErrorMarker } from './coded-error.ts';

const FULL_MARKER = Symbol.for('agent-search.bulkhead-full-error');

/** Thrown by `Bulkhead.run` when every slot is taken and the queue is full: the call never ran. */
export class BulkheadFullError extends Error {
  override readonly name = 'BulkheadFullError';
  readonly [FULL_MARKER] = true;

  /** True for a `BulkheadFullError`, also one from another installed copy of core. */
  static is(value: unknown): value is BulkheadFullError {
    return hasErrorMarker(value, FULL_MARKER);
  }
}

/** One queued call: a node of the queue's doubly linked list, so leaving from the middle costs O(1). */
interface Waiter {
  start: () => void;
  previous: Waiter | undefined;
  next: Waiter | undefined;
}

/**
 * At most `maxConcurrent` calls run at once; up to `maxQueued` more wait their turn, first come first
 * served, each until its signal aborts (it then leaves the queue and rejects with the signal's reason);
 * past that a call is refused at once with `BulkheadFullError`. A slot is held until the call settles:
 * a running call ends early only by honouring the signal it was given.
 */
export class Bulkhead {
  readonly #maxConcurrent: number;
  readonly #maxQueued: number;
  #running = 0;
  #queued = 0;
  #first: Waiter | undefined;
  #last: Waiter | undefined;

  /** `maxQueued` may be `Infinity` where every caller's signal has a deadline, which bounds the queue. */
  constructor(maxConcurrent: number, maxQueued: number) {
    if (!Number.isInteger(maxConcurrent) || maxConcurrent < 1) {
      throw new RangeError(`maxConcurrent must be a positive whole number (got ${maxConcurrent})`);
    }
    if (!(Number.isInteger(maxQueued) || maxQueued === Number.POSITIVE_INFINITY) || maxQueued < 0) {
      throw new RangeError(`maxQueued must be a whole number or Infinity (got ${maxQueued})`);
    }
    this.#maxConcurrent = maxConcurrent;
    this.#maxQueued = maxQueued;
  }

  /** Calls running now. */
  get running(): number {
    return this.#running;
  }

  /** Calls waiting for a slot now. */
  get queued(): number {
    return this.#queued;
  }

  /** Runs `task` in a slot, after waiting for one when all are taken. */
  async run<T>(signal: AbortSignal, task: () => Promise<T>): Promise<T> {
    signal.throwIfAborted();
    if (this.#running < this.#maxConcurrent) this.#running++;
    else await this.#wait(signal);
    try {
      return await task();
    } finally {
      this.#release();
    }
  }

  #wait(signal: AbortSignal): Promise<void> {
    if (this.#queued >= this.#maxQueued) {
      return Promise.reject(
        new BulkheadFullError(`busy: ${this.#running} calls running and ${this.#queued} waiting`),
      );
    }
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        this.#remove(waiter);
        reject(signal.reason);
      };
      const waiter: Waiter = {
        start: () => {
          signal.removeEventListener('abort', leave);
          resolve();
        },
        previous: this.#last,
        next: undefined,
      };
      if (this.#last) this.#last.next = waiter;
      else this.#first = waiter;
      this.#last = waiter;
      this.#queued++;
      signal.addEventListener('abort', leave, { once: true });
    });
  }

  /** Hands the slot straight to the first waiter (so `#running` stays counted), or frees it. */
  #release(): void {
    const next = this.#first;
    if (next) {
      this.#remove(next);
      next.start();
    } else {
      this.#running--;
    }
  }

  #remove(waiter: Waiter): void {
    if (waiter.previous) waiter.previous.next = waiter.next;
    else this.#first = waiter.next;
    if (waiter.next) waiter.next.previous = waiter.previous;
    else this.#last = waiter.previous;
    waiter.previous = undefined;
    waiter.next = undefined;
    this.#queued--;
  }
}
