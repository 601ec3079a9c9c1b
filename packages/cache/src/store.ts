/**
 * What a store can do beyond the four calls every store has. A store declares it (`capabilities`) and the
 * cache reads the declaration, never the store's class: a caller's own store gets the same treatment as
 * ours when it says the same. Each capability but `ownWritesOnly` comes with the methods of its interface
 * below, which the types tie to the declaration.
 */
export interface StoreCapabilities {
  /**
   * Holds only what this process wrote through `set`, as it was written (an in-process store): its values
   * need no check when read. A store anyone else can write to (Redis, a file) must not say so.
   */
  readonly ownWritesOnly?: boolean;
  /** Lends decoded values frozen, without a copy (`FrozenReadStore`). */
  readonly frozenReads?: boolean;
  /** Shared between processes, with refresh leases (`SharedStore`). */
  readonly shared?: boolean;
  /** Reports how long an entry has left (`TtlAwareStore`). */
  readonly reportsTtl?: boolean;
}

/**
 * Where cached searches live. Values are JSON: a store keeps a copy, never the caller's object, so the
 * memory store behaves like Redis. Every entry has a time to live; after it the entry is gone.
 */
export interface CacheStore {
  /** What the store can do beyond these calls; none when absent. */
  readonly capabilities?: StoreCapabilities;
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
  readonly capabilities: StoreCapabilities & { readonly reportsTtl: true };
  getWithTtl<T = unknown>(key: string): Promise<StoredValue<T> | undefined>;
}

export function canReportTtl(store: CacheStore): store is TtlAwareStore {
  return store.capabilities?.reportsTtl === true;
}

/**
 * A store that holds decoded values in this process (the memory store) and can lend one without copying
 * it: deeply frozen, so no reader can change what the next one gets, and the same object on every read
 * while the entry lasts. The answer cache reads hits through it, which spares each hit a decode.
 */
export interface FrozenReadStore extends CacheStore {
  readonly capabilities: StoreCapabilities & { readonly frozenReads: true };
  /** The value stored under `key`, frozen and shared with other readers; undefined when there is none. */
  getFrozen<T = unknown>(key: string): Promise<T | undefined>;
}

export function canReadFrozen(store: CacheStore): store is FrozenReadStore {
  return store.capabilities?.frozenReads === true;
}

/**
 * A store several processes share (Redis), or one with such a store behind a local copy (`TieredStore`).
 * Readers can skip their local copy, and one process at a time can hold the refresh lease of a key, so
 * workers refresh an expired answer once between them instead of once each.
 */
export interface SharedStore extends CacheStore {
  readonly capabilities: StoreCapabilities & { readonly shared: true };
  /** The value in the shared tier, skipping (and then replacing) any local copy. */
  getShared<T = unknown>(key: string): Promise<T | undefined>;
  /** Takes the refresh lease of `key` for `ttlMs` (`SET NX PX`): a token, or undefined while another holds it. */
  acquireLease(key: string, ttlMs: number): Promise<string | undefined>;
  /** Gives the lease back, if `token` still holds it. */
  releaseLease(key: string, token: string): Promise<void>;
}

export function isSharedStore(store: CacheStore): store is SharedStore {
  return store.capabilities?.shared === true;
}

/** Whether what `store` hands back needs checking as untrusted input (anything but a private store). */
export function needsCheck(store: CacheStore): boolean {
  return store.capabilities?.ownWritesOnly !== true;
}

/** Freezes `value` and everything in it (a JSON value: plain objects and arrays). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/**
 * A mutable deep copy of a JSON value: what `JSON.parse` of its text gives, in a third of the time. A
 * `__proto__` key stays a plain property, as `JSON.parse` makes it, never the copy's prototype.
 */
export function copyJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJson) as T;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '__proto__') {
      Object.defineProperty(copy, key, {
        value: copyJson(item),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else copy[key] = copyJson(item);
  }
  return copy as T;
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
