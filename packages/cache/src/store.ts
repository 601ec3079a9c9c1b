/**
 * Where cached searches live. Values are JSON: a store keeps a copy, never the caller's object, so the
 * memory store behaves like Redis. Every entry has a time to live; after it the entry is gone.
 */
export interface CacheStore {
  /** The value stored under `key`, or undefined when there is none (or it expired). */
  get<T = unknown>(key: string): Promise<T | undefined>;
  /** Stores a JSON-serializable `value` for `ttlMs` milliseconds (a positive integer). */
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Releases connections and timers; the store is unusable afterwards. */
  close(): Promise<void>;
}

/** A stored value with the time it has left, for stores that can tell (Redis: GET + PTTL). */
export interface StoredValue<T = unknown> {
  value: T;
  ttlMs: number;
}

/** Stores that can report how long an entry has left; the tiered store uses it to fill its front tier. */
export interface TtlAwareStore extends CacheStore {
  getWithTtl<T = unknown>(key: string): Promise<StoredValue<T> | undefined>;
}

/**
 * A store several processes share (Redis), or one with such a store behind a local copy (`TieredStore`).
 * Readers can skip their local copy, and one process at a time can hold the refresh lease of a key, so
 * workers refresh an expired answer once between them instead of once each.
 */
export interface SharedStore extends CacheStore {
  /** The value in the shared tier, skipping (and then replacing) any local copy. */
  getShared<T = unknown>(key: string): Promise<T | undefined>;
  /** Takes the refresh lease of `key` for `ttlMs` (`SET NX PX`): a token, or undefined while another holds it. */
  acquireLease(key: string, ttlMs: number): Promise<string | undefined>;
  /** Gives the lease back, if `token` still holds it. */
  releaseLease(key: string, token: string): Promise<void>;
}

export function isSharedStore(store: CacheStore): store is SharedStore {
  const shared = store as Partial<SharedStore>;
  return (
    typeof shared.getShared === 'function' &&
    typeof shared.acquireLease === 'function' &&
    typeof shared.releaseLease === 'function'
  );
}

/** Serializes a value for a store, rejecting what JSON cannot carry. */
export function toJson(value: unknown): string {
  const json = value === undefined ? undefined : JSON.stringify(value);
  if (json === undefined) throw new TypeError('Cache values must be JSON-serializable (got undefined)');
  return json;
}

export function checkTtl(ttlMs: number): number {
  if (!Number.isFinite(ttlMs) || ttlMs < 1) {
    throw new RangeError(`Cache TTL must be a positive number of milliseconds (got ${ttlMs})`);
  }
  return Math.ceil(ttlMs);
}
