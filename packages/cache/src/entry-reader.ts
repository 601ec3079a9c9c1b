import type { Logger } from '@agent-search/core';
import { type CacheEntry, trustedEntry } from './cache-entry.ts';
import { type CacheStore, canReadFrozen, type FrozenReadStore, isSharedStore, needsCheck } from './store.ts';

/**
 * Whether `entry` answers a request for `maxResults`: it holds at least that many results, or it holds
 * fewer than its own search asked for, which means the provider had no more to give.
 */
export function covers(entry: CacheEntry, maxResults: number): boolean {
  return entry.results.length >= maxResults || entry.results.length < entry.maxResults;
}

export interface EntryReaderOptions {
  /** How long past its freshness an entry is still worth reading (for stale-on-error). */
  staleMs: number;
  logger: Logger;
  now: () => number;
}

/**
 * The checked read: what a store hands back, taken as untrusted input unless the store declares it holds
 * only this process's own writes (`ownWritesOnly`). A shared store (Redis) holds whatever anyone with
 * access wrote under our prefix, so its values go through `trustedEntry` (shape, numbers, every result
 * through core's normalization); one that fails is a miss, said once. A store that lends frozen values
 * (`frozenReads`) is read without a copy, and each lent value is checked once, when first seen.
 */
export class EntryReader {
  readonly #store: CacheStore;
  readonly #lender: FrozenReadStore | undefined;
  readonly #check: boolean;
  readonly #checked = new WeakMap<object, CacheEntry>();
  readonly #options: EntryReaderOptions;
  #untrustedLogged = false;

  constructor(store: CacheStore, options: EntryReaderOptions) {
    this.#store = store;
    this.#lender = canReadFrozen(store) ? store : undefined;
    this.#check = needsCheck(store);
    this.#options = options;
  }

  /** Whether `entry` is fresh and holds enough results for `maxResults`. */
  answers(entry: CacheEntry, maxResults: number): boolean {
    return this.#options.now() <= entry.freshUntil && covers(entry, maxResults);
  }

  /**
   * The entry to answer `maxResults` from, or to refresh: the stored one, unless a local copy that cannot
   * answer is older than what another process stored since (a shared store's own tier is read then).
   */
  async lookup(key: string, maxResults: number): Promise<CacheEntry | undefined> {
    const entry = await this.read(key);
    if (!entry || !isSharedStore(this.#store) || this.answers(entry, maxResults)) return entry;
    const latest = await this.read(key, 'shared');
    const newer = latest && (this.answers(latest, maxResults) || latest.storedAt > entry.storedAt);
    return newer ? latest : entry;
  }

  /**
   * The stored entry, unless missing, unreadable, failing its check or past its stale window. `shared`
   * skips a local copy (memory in front of Redis) for what every process sees.
   */
  async read(key: string, from: 'any' | 'shared' = 'any'): Promise<CacheEntry | undefined> {
    const store = this.#store;
    try {
      if (from === 'shared' && isSharedStore(store)) return this.usable(await store.getShared(key));
      if (this.#lender) return this.usable(await this.#lender.getFrozen(key), true);
      return this.usable(await store.get(key));
    } catch (error) {
      this.#options.logger.debug({ error: String(error) }, 'cache read failed');
      return undefined;
    }
  }

  /** `value` as an entry within its stale window; `lent` when it is a store's frozen value. */
  usable(value: unknown, lent = false): CacheEntry | undefined {
    if (value === undefined || value === null) return undefined;
    const entry = this.#entry(value, lent);
    if (!entry) {
      // Someone else's data under our prefix, or a poisoned entry: a miss, said once per cache.
      if (!this.#untrustedLogged) {
        this.#options.logger.warn({}, 'ignored a cache entry that fails validation; treating it as a miss');
      }
      this.#untrustedLogged = true;
      return undefined;
    }
    return this.#options.now() <= entry.freshUntil + this.#options.staleMs ? entry : undefined;
  }

  #entry(value: unknown, lent: boolean): CacheEntry | undefined {
    if (!this.#check) return value as CacheEntry;
    if (!lent || typeof value !== 'object') return trustedEntry(value);
    const entry = this.#checked.get(value as object) ?? trustedEntry(value);
    if (entry) this.#checked.set(value as object, entry);
    return entry;
  }
}
