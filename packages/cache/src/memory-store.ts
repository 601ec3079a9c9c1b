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
  /**
   * Most bytes kept. An entry counts the UTF-8 bytes of its JSON plus 16 for each object, array and string
   * in it, about what its decoded copy takes in the heap. Default 50 MiB.
   */
  maxBytes?: number;
}

/** One entry: the value decoded from its JSON (a copy of what was set) and its size. */
interface Held {
  value: unknown;
  bytes: number;
}

// Header bytes of a V8 heap object, string or array, beyond what its JSON text already counts (quotes,
// brackets, keys: keys are shared between objects of one shape).
const NODE_BYTES = 16;

/**
 * About what `value`, decoded from `json`, takes in the heap: the JSON's UTF-8 bytes plus a header per
 * object, array and string (within 5% of V8's heap for cached answers: 10 results take about 5 KB).
 */
function sizeOf(json: string, value: unknown): number {
  let nodes = 0;
  const count = (item: unknown): void => {
    if (typeof item === 'string') nodes++;
    else if (typeof item === 'object' && item !== null) {
      nodes++;
      for (const child of Object.values(item)) count(child);
    }
  };
  count(value);
  return Buffer.byteLength(json) + NODE_BYTES * nodes;
}

/** An in-process LRU store bounded by entry count and by bytes, with a TTL per entry. */
export class MemoryStore implements CacheStore, TtlAwareStore, FrozenReadStore {
  // Decoded once, when set, through JSON (so a value reads back as from Redis), and frozen: `getFrozen`
  // lends it as it is, `get` hands out a copy. Sizes are estimates of the decoded value's heap (`sizeOf`).
  readonly #lru: LRUCache<string, Held>;
  // Only this process writes here, through `set` (which decodes a copy of the JSON): reads need no check.
  readonly capabilities = { ownWritesOnly: true, frozenReads: true, reportsTtl: true } as const;

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
    const decoded = deepFreeze(JSON.parse(json));
    this.#lru.set(key, { value: decoded, bytes: sizeOf(json, decoded) }, { ttl });
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
