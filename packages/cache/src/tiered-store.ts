import { randomUUID } from 'node:crypto';
import {
  type CacheStore,
  canReadFrozen,
  canReportTtl,
  deepFreeze,
  type FrozenReadStore,
  isSharedStore,
  type SharedStore,
  type TtlAwareStore,
} from './store.ts';

export interface TieredStoreOptions {
  /** The fast, local tier (a `MemoryStore`). */
  front: CacheStore;
  /** The shared tier (a `RedisStore`). Its failures are absorbed: the front tier keeps working. */
  back: CacheStore | TtlAwareStore;
  /** TTL of entries copied to the front tier when the back tier cannot say how long they have left. Default 60 s. */
  frontTtlMs?: number;
}

/**
 * Memory in front of Redis: reads try memory first, then Redis (copying the entry to memory for the time
 * it has left); writes go to both. When Redis fails, the tiered store behaves like the memory store alone.
 * `getShared` and the refresh lease go to Redis, so a worker can see what another wrote after its own copy.
 */
export class TieredStore implements CacheStore, SharedStore, FrozenReadStore {
  readonly front: CacheStore;
  readonly back: CacheStore | TtlAwareStore;
  readonly #frontTtlMs: number;
  // Shared through the back tier (a back tier without leases lets every process refresh on its own), and
  // never private: the back tier is written by other processes.
  readonly capabilities = { frozenReads: true, shared: true } as const;

  constructor(options: TieredStoreOptions) {
    this.front = options.front;
    this.back = options.back;
    this.#frontTtlMs = options.frontTtlMs ?? 60_000;
  }

  async get<T = unknown>(key: string): Promise<T | undefined> {
    const local = await this.front.get<T>(key);
    if (local !== undefined) return local;
    return this.getShared<T>(key);
  }

  /**
   * The front tier's frozen value; else the back tier's, once copied to the front tier (the copy it keeps,
   * so the next read lends the same object).
   */
  async getFrozen<T = unknown>(key: string): Promise<T | undefined> {
    const front = this.front;
    if (!canReadFrozen(front)) return deepFreeze(await this.get<T>(key));
    const local = await front.getFrozen<T>(key);
    if (local !== undefined) return local;
    const shared = await this.getShared<T>(key);
    if (shared === undefined) return undefined;
    return (await front.getFrozen<T>(key)) ?? deepFreeze(shared);
  }

  /** The back tier's value, copied to the front tier for the time it has left. */
  async getShared<T = unknown>(key: string): Promise<T | undefined> {
    try {
      const back = this.back;
      const found = canReportTtl(back)
        ? await back.getWithTtl<T>(key)
        : await back
            .get<T>(key)
            .then((value) => (value === undefined ? undefined : { value, ttlMs: this.#frontTtlMs }));
      if (!found) return undefined;
      await this.front.set(key, found.value, found.ttlMs);
      return found.value;
    } catch {
      return undefined; // the back tier reports its own outages
    }
  }

  /** The back tier's lease; a back tier that cannot lease leaves every process to refresh on its own. */
  async acquireLease(key: string, ttlMs: number): Promise<string | undefined> {
    return isSharedStore(this.back) ? this.back.acquireLease(key, ttlMs) : randomUUID();
  }

  async releaseLease(key: string, token: string): Promise<void> {
    if (isSharedStore(this.back)) await this.back.releaseLease(key, token);
  }

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    await this.front.set(key, value, ttlMs);
    await this.back.set(key, value, ttlMs).catch(() => {});
  }

  async delete(key: string): Promise<void> {
    await this.front.delete(key);
    await this.back.delete(key).catch(() => {});
  }

  async close(): Promise<void> {
    await Promise.all([this.front.close(), this.back.close()]);
  }
}
