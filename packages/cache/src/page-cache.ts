import { createHash } from 'node:crypto';
import { type Logger, raceAbort, silentLogger } from '@agent-search/core';
import { MemoryStore } from './memory-store.ts';
import { type CacheStore, checkTtl } from './store.ts';

/** The cache kind of page reads: pages have their own TTL, apart from the search kinds. */
export const PAGE_CACHE_KIND = 'page';

/** Default TTL of a read page, in ms: 1 hour. */
export const DEFAULT_PAGE_TTL_MS = 3_600_000;

/** A page reader such as `readPage` of `@agent-search/reader`. */
export type PageReadFunction<O extends { signal?: AbortSignal }, T> = (
  url: string,
  options?: O,
) => Promise<T>;

export interface PageCacheOptions<O> {
  /** Where read pages are kept. Default: a `MemoryStore` with its defaults. */
  store?: CacheStore;
  /** How long a read page is served from the cache. Default `DEFAULT_PAGE_TTL_MS`. */
  ttlMs?: number;
  /**
   * What in the read options changes the answer, for the cache key. Default: every option except
   * `signal`, as JSON (functions, such as a resolver, are left out).
   */
  variant?: (options: O | undefined) => unknown;
  logger?: Logger;
}

interface PageEntry<T> {
  v: 1;
  page: T;
}

function defaultVariant(options: object | undefined): unknown {
  if (!options) return {};
  const { signal: _signal, ...rest } = options as { signal?: unknown };
  return rest;
}

/** The cache key of a page read: the URL as given (without fragment) and what changes the answer. */
export function pageCacheKey(url: string, variant: unknown): string {
  const identity = JSON.stringify([url.trim().replace(/#.*$/s, ''), variant ?? {}]);
  return `${PAGE_CACHE_KIND}:v1:${createHash('sha256').update(identity).digest('base64url')}`;
}

/**
 * One read shared by every concurrent caller of the same key; it is aborted only when every caller
 * waiting on it gave up.
 */
class PageFlight<T> {
  readonly controller = new AbortController();
  readonly result: Promise<T>;
  #waiters = 0;
  readonly #onAbandon: () => void;

  constructor(run: (signal: AbortSignal) => Promise<T>, onAbandon: () => void) {
    this.#onAbandon = onAbandon;
    this.result = run(this.controller.signal);
    this.result.catch(() => undefined);
  }

  async wait(signal: AbortSignal | undefined): Promise<T> {
    this.#waiters++;
    try {
      return await (signal ? raceAbort(this.result, signal) : this.result);
    } finally {
      this.#waiters--;
      if (signal?.aborted && this.#waiters === 0) {
        this.#onAbandon();
        this.controller.abort(signal.reason);
      }
    }
  }
}

/**
 * `read` with a cache in front: a page read within `ttlMs` is served from the store, and concurrent
 * reads of the same page share one fetch. Failed reads are not kept. A store that fails (Redis down) is
 * logged and skipped: the page is read as if nothing were cached.
 */
export function withPageCache<O extends { signal?: AbortSignal }, T>(
  read: PageReadFunction<O, T>,
  options: PageCacheOptions<O> = {},
): PageReadFunction<O, T> {
  const store = options.store ?? new MemoryStore();
  const ttlMs = checkTtl(options.ttlMs ?? DEFAULT_PAGE_TTL_MS);
  const variant = options.variant ?? defaultVariant;
  const logger = options.logger ?? silentLogger;
  const flights = new Map<string, PageFlight<T>>();

  async function cachedRead(
    key: string,
    url: string,
    readOptions: O | undefined,
    signal: AbortSignal,
  ): Promise<T> {
    try {
      const entry = await store.get<PageEntry<T>>(key);
      if (entry?.v === 1 && entry.page !== undefined) return entry.page;
    } catch (error) {
      logger.warn({ err: error }, 'page cache read failed; reading the page');
    }
    const page = await read(url, { ...readOptions, signal } as O);
    try {
      await store.set(key, { v: 1, page } satisfies PageEntry<T>, ttlMs);
    } catch (error) {
      logger.warn({ err: error }, 'page cache write failed');
    }
    return page;
  }

  return (url, readOptions) => {
    const key = pageCacheKey(String(url), variant(readOptions));
    let flight = flights.get(key);
    if (!flight) {
      const forget = () => {
        if (flights.get(key) === created) flights.delete(key);
      };
      const created: PageFlight<T> = new PageFlight(
        (signal) => cachedRead(key, url, readOptions, signal),
        forget,
      );
      flights.set(key, created);
      created.result.then(forget, forget);
      flight = created;
    }
    return flight.wait(readOptions?.signal);
  };
}
