import { LRUCache } from 'lru-cache';
import { type CacheStore, checkTtl, type StoredValue, type TtlAwareStore, toJson } from './store.ts';

export interface MemoryStoreOptions {
  /** Most entries kept; the least recently used go first. Default 1000. */
  maxEntries?: number;
  /** Most bytes of JSON kept (UTF-8). Default 50 MiB. */
  maxBytes?: number;
}

/** An in-process LRU store bounded by entry count and by bytes, with a TTL per entry. */
export class MemoryStore implements CacheStore, TtlAwareStore {
  // JSON strings, not objects: callers get copies, and sizes are known exactly.
  readonly #lru: LRUCache<string, string>;

  constructor(options: MemoryStoreOptions = {}) {
    const maxBytes = options.maxBytes ?? 50 * 1024 * 1024;
    this.#lru = new LRUCache<string, string>({
      max: options.maxEntries ?? 1000,
      maxSize: maxBytes,
      maxEntrySize: maxBytes,
      sizeCalculation: (json) => Math.max(1, Buffer.byteLength(json)),
    });
  }

  async get<T = unknown>(key: string): Promise<T | undefined> {
    const json = this.#lru.get(key);
    return json === undefined ? undefined : (JSON.parse(json) as T);
  }

  async getWithTtl<T = unknown>(key: string): Promise<StoredValue<T> | undefined> {
    const json = this.#lru.get(key);
    if (json === undefined) return undefined;
    return { value: JSON.parse(json) as T, ttlMs: Math.max(1, Math.round(this.#lru.getRemainingTTL(key))) };
  }

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    this.#lru.set(key, toJson(value), { ttl: checkTtl(ttlMs) });
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
