import type { SharedStore } from './store.ts';

export interface SharedRefreshOptions {
  /** Longest a search waits for another process's refresh of the same key. */
  waitMs: number;
  /** How long a refresh lease lasts when its holder never gives it back (it crashed). */
  leaseMs: number;
  /** How often a waiting search looks for the other process's answer. Default 50 ms. */
  pollMs?: number;
}

/** What a search that needs to refresh an expired key does, once other processes are accounted for. */
export type RefreshTurn<T> =
  /** Search: this process holds the lease (or no lease could be had); call `release` when done. */
  | { kind: 'refresh'; release: () => Promise<void> }
  /** Another process wrote a newer answer meanwhile: serve it. */
  | { kind: 'newer'; value: T }
  /** Another process is still refreshing after `waitMs`. */
  | { kind: 'busy' };

const NOTHING_TO_RELEASE = async () => {};

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * One refresh of an expired key at a time across the processes sharing a store (Redis): the first to take
 * the key's lease searches; the others wait, up to `waitMs` (and their caller's signal), for the answer it
 * writes. A lease given back without an answer (its search failed) goes to the next waiter. When the store
 * cannot be reached, every process refreshes on its own, as without a shared store.
 */
export class SharedRefresh {
  readonly #store: SharedStore;
  readonly #options: Required<SharedRefreshOptions>;

  constructor(store: SharedStore, options: SharedRefreshOptions) {
    this.#store = store;
    this.#options = { pollMs: 50, ...options };
  }

  /**
   * Whose turn it is to refresh `key`. `newer` reads a stored value: it returns what should be served
   * instead of searching (an answer written after the caller's copy), or undefined. `maxWaitMs` (what is
   * left of the search's deadline) shortens the wait when it is less than `waitMs`.
   */
  async take<T>(
    key: string,
    newer: (value: unknown) => T | undefined,
    signal: AbortSignal,
    maxWaitMs = Number.POSITIVE_INFINITY,
  ): Promise<RefreshTurn<T>> {
    const { leaseMs, pollMs } = this.#options;
    const store = this.#store;
    const waitUntil = Date.now() + Math.min(this.#options.waitMs, maxWaitMs);
    for (;;) {
      signal.throwIfAborted();
      let token: string | undefined;
      try {
        token = await store.acquireLease(key, leaseMs);
      } catch {
        return { kind: 'refresh', release: NOTHING_TO_RELEASE };
      }
      // Read after every lease attempt: the previous holder may have written its answer just before.
      const value = newer(await store.getShared(key).catch(() => undefined));
      if (token !== undefined) {
        const release = () => store.releaseLease(key, token).catch(() => {});
        if (value === undefined) return { kind: 'refresh', release };
        await release();
        return { kind: 'newer', value };
      }
      if (value !== undefined) return { kind: 'newer', value };
      const left = waitUntil - Date.now();
      if (left <= 0) return { kind: 'busy' };
      await sleep(Math.min(pollMs, left), signal);
    }
  }
}
