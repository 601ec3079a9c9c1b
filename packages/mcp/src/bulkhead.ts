/** Thrown by `Bulkhead.run` when every slot is taken and the queue is full. */
export class BulkheadFullError extends Error {
  override readonly name = 'BulkheadFullError';
}

/**
 * At most `maxConcurrent` calls run at once; up to `maxQueued` more wait their turn in order (each until
 * its signal aborts), and past that a call is refused at once. A budget for work whose cost is memory: a
 * page read holds its body and DOM until it ends.
 */
export class Bulkhead {
  readonly #maxConcurrent: number;
  readonly #maxQueued: number;
  #running = 0;
  readonly #queue: (() => void)[] = [];

  constructor(maxConcurrent: number, maxQueued: number) {
    if (!Number.isInteger(maxConcurrent) || maxConcurrent < 1) {
      throw new RangeError(`maxConcurrent must be a positive whole number (got ${maxConcurrent})`);
    }
    if (!Number.isInteger(maxQueued) || maxQueued < 0) {
      throw new RangeError(`maxQueued must be a whole number (got ${maxQueued})`);
    }
    this.#maxConcurrent = maxConcurrent;
    this.#maxQueued = maxQueued;
  }

  /** Calls running now. */
  get running(): number {
    return this.#running;
  }

  async run<T>(signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
    signal.throwIfAborted();
    if (this.#running >= this.#maxConcurrent) await this.#wait(signal);
    else this.#running++;
    try {
      return await fn();
    } finally {
      // The slot passes straight to the next waiter, so #running stays counted.
      const next = this.#queue.shift();
      if (next) next();
      else this.#running--;
    }
  }

  #wait(signal: AbortSignal): Promise<void> {
    if (this.#queue.length >= this.#maxQueued) return Promise.reject(new BulkheadFullError('busy'));
    return new Promise<void>((resolve, reject) => {
      const turn = () => {
        signal.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        const at = this.#queue.indexOf(turn);
        if (at >= 0) this.#queue.splice(at, 1);
        reject(signal.reason);
      };
      this.#queue.push(turn);
      signal.addEventListener('abort', leave, { once: true });
    });
  }
}
