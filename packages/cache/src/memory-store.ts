import { LRUCache } from 'lru-cache';
import {
  type CacheStore,
  checkTtl,
  copyJson,
  deepFreeze,
  type FrozenReadStore,
  type StoredValue,
  type TtlAwareStore,
  toJson,
} from './store.ts';

export interface MemoryStoreOptions {
  /** Most entries kept; the least recently used go first. Default 1000. */
  maxEntries?: number;
  /** Most bytes of JSON kept (UTF-8). Default 50 MiB. */
  maxBytes?: number;
}

/** One entry: the value decoded from its JSON (a copy of what was set) and the JSON's size. */
interface Held {
  value: unknown;
  bytes: number;
}

/** An in-process LRU store bounded by entry count and by bytes, with a TTL per entry. */
export class MemoryStore implements CacheStore, TtlAwareStore, FrozenReadStore {
  // Decoded once, when set, through JSON (so a value reads back as from Redis), and frozen: `getFrozen`
  // lends it as it is, `get` hands out a copy. Sizes count the JSON's bytes, which the decoded value's
  // strings take about as much heap as (keys are shared between entries).
  readonly #lru: LRUCache<string, Held>;

  constructor(options: MemoryStoreOptions = {}) {
    const maxBytes = options.maxBytes ?? 50 * 1024 * 1024;
    this.#lru = new LRUCache<string, Held>({
      max: options.maxEntries ?? 1000,
      maxSize: maxBytes,
      maxEntrySize: maxBytes,
      sizeCalculation: (held) => held.bytes,
    });
  }

  /** A copy of the value: the caller may change it. */
  async get<T = unknown>(key: string): Promise<T | undefined> {
    const held = this.#lru.get(key);
    return held === undefined ? undefined : (copyJson(held.value) as T);
  }

  /** The value itself, deeply frozen: the same object on every read until the entry is replaced or gone. */
  async getFrozen<T = unknown>(key: string): Promise<T | undefined> {
    return this.#lru.get(key)?.value as T | undefined;
  }

  async getWithTtl<T = unknown>(key: string): Promise<StoredValue<T> | undefined> {
    const held = this.#lru.get(key);
    if (held === undefined) return undefined;
    return {
      value: copyJson(held.value) as T,
      ttlMs: Math.max(1, Math.round(this.#lru.getRemainingTTL(key))),
    };
  }

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    const json = toJson(value);
    const ttl = checkTtl(ttlMs);
    const held: Held = { value: deepFreeze(JSON.parse(json)), bytes: Math.max(1, Buffer.byteLength(json)) };
    this.#lru.set(key, held, { ttl });
  }

  async delete(key: string): Promise<void> {
    this.#lru.delete(key);
  }

  async close(): Promise<void> {
    this.#lru.clear();
  }

  /** Entries currently held (expired ones may count until they are touched). */
  get size(): number {
    return this.#lru.size;
  }
}
