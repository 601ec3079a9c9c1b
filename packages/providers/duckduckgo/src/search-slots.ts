interface Waiter {
  grant: () => void;
  /** Set when its signal aborted while it waited: the slot goes to the next one. */
  gone: boolean;
}

/**
 * At most `limit` searches at once; the others wait their turn, first come first served, until their
 * signal aborts. A burst of a thousand searches then sends a few hundred requests at a time and answers in
 * order, instead of opening a thousand connections that all finish late together (past the attempt's
 * time limit, so that none answers and every request was wasted).
 */
export class SearchSlots {
  readonly #limit: number;
  #active = 0;
  #queue: Waiter[] = [];
  #head = 0;

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Runs `task` in a slot, waiting for one first when all are taken; rejects with the signal's reason when it aborts first. */
  async run<T>(signal: AbortSignal, task: () => Promise<T>): Promise<T> {
    if (this.#active < this.#limit) this.#active++;
    else await this.#wait(signal);
    try {
      return await task();
    } finally {
      this.#release();
    }
  }

  #wait(signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        waiter.gone = true;
        reject(signal.reason);
      };
      const waiter: Waiter = {
        gone: false,
        grant: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(waiter);
    });
  }

  /** Hands the slot to the first waiter still waiting, or frees it. */
  #release(): void {
    while (this.#head < this.#queue.length) {
      const waiter = this.#queue[this.#head++]!;
      if (!waiter.gone) {
        this.#compact();
        waiter.grant();
        return;
      }
    }
    this.#queue = [];
    this.#head = 0;
    this.#active--;
  }

  // Served waiters are dropped in batches, so each costs O(1) and the queue never holds them for long.
  #compact(): void {
    if (this.#head >= 1_024 && this.#head * 2 >= this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
  }
}
