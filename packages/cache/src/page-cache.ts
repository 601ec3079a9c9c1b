import { hash } from 'node:crypto';
import {
  cleanText,
  cleanUrl,
  FIELD_LIMITS,
  type Logger,
  printableText,
  raceAbort,
  silentLogger,
} from '@agent-search/core';
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

export interface PageCacheOptions<O, T = unknown> {
  /** Where read pages are kept. Default: a `MemoryStore` with its defaults. */
  store?: CacheStore;
  /** How long a read page is served from the cache. Default `DEFAULT_PAGE_TTL_MS`. */
  ttlMs?: number;
  /**
   * What in the read options changes the answer, for the cache key. Default: every option except
   * `signal`, as JSON (functions, such as a resolver, are left out).
   */
  variant?: (options: O | undefined) => unknown;
  /**
   * Checks a stored page before it is served: the page, or undefined for a miss. Default `trustedPage`,
   * for readers that answer like `readPage`.
   */
  validate?: (page: unknown, url: string, options: O | undefined) => T | undefined;
  logger?: Logger;
}

/** A stored page read by `readPage`: the fields `trustedPage` checks. */
interface StoredPage {
  url: string;
  finalUrl: string;
  title: string;
  siteName?: string;
  byline?: string;
  publishedAt?: string;
  text: string;
  truncated: boolean;
  contentType: string;
}

const MEDIA_TYPE = /^[a-z0-9][a-z0-9.+-]{0,63}\/[a-z0-9][a-z0-9.+-]{0,63}$/;
// What the reader's cleaning leaves out of page text: a tag or a citation-like mark surviving means the
// text was not written by the reader.
const TAG = /<\/?[a-zA-Z][^<>]*>/;
const CITATION_MARK = /\\?[[［]\s*\p{Nd}+\s*\\?[\]］]/u;

const isCleanField = (value: unknown, max: number) =>
  typeof value === 'string' && cleanText(value, max) === value;
const isOptionalField = (value: unknown, max: number) =>
  value === undefined || (value !== '' && isCleanField(value, max));

/**
 * A stored page checked like a provider's answer, since a shared store (Redis) holds whatever anyone with
 * access wrote under our prefix: the page of `url`, every field of the right type, clean (no escape,
 * control or bidirectional character, no tag) and within its limit, the text within the read's
 * `maxChars`, `finalUrl` an http(s) URL. Undefined when anything is off.
 */
export function trustedPage(
  value: unknown,
  url: string,
  options?: { maxChars?: number },
): StoredPage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const page = value as Partial<Record<keyof StoredPage, unknown>>;
  const maxChars = options?.maxChars ?? FIELD_LIMITS.content;
  if (page.url !== url || typeof page.finalUrl !== 'string' || cleanUrl(page.finalUrl) !== page.finalUrl) {
    return undefined;
  }
  if (typeof page.text !== 'string' || page.text.length > maxChars || typeof page.truncated !== 'boolean') {
    return undefined;
  }
  if (printableText(page.text) !== page.text || TAG.test(page.text) || CITATION_MARK.test(page.text)) {
    return undefined;
  }
  if (typeof page.contentType !== 'string' || !MEDIA_TYPE.test(page.contentType)) return undefined;
  if (!isCleanField(page.title, FIELD_LIMITS.title)) return undefined;
  if (
    !isOptionalField(page.siteName, FIELD_LIMITS.source) ||
    !isOptionalField(page.byline, FIELD_LIMITS.other)
  ) {
    return undefined;
  }
  if (page.publishedAt !== undefined) {
    if (typeof page.publishedAt !== 'string' || page.publishedAt.length > 40) return undefined;
    if (Number.isNaN(Date.parse(page.publishedAt))) return undefined;
  }
  return value as StoredPage;
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
  return `${PAGE_CACHE_KIND}:v1:${hash('sha256', identity, 'base64url')}`;
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
  options: PageCacheOptions<O, T> = {},
): PageReadFunction<O, T> {
  const store = options.store ?? new MemoryStore();
  const ttlMs = checkTtl(options.ttlMs ?? DEFAULT_PAGE_TTL_MS);
  const variant = options.variant ?? defaultVariant;
  const logger = options.logger ?? silentLogger;
  const validate = options.validate ?? (trustedPage as NonNullable<PageCacheOptions<O, T>['validate']>);
  let untrustedLogged = false;
  const flights = new Map<string, PageFlight<T>>();

  async function cachedRead(
    key: string,
    url: string,
    readOptions: O | undefined,
    signal: AbortSignal,
  ): Promise<T> {
    try {
      const entry = await store.get<PageEntry<unknown>>(key);
      if (entry !== undefined && entry !== null) {
        const page = entry.v === 1 ? validate(entry.page, url, readOptions) : undefined;
        if (page !== undefined) return page;
        // Someone else's data under our prefix, or a poisoned entry: a miss, said once per cache.
        if (!untrustedLogged)
          logger.warn({}, 'ignored a page cache entry that fails validation; reading the page');
        untrustedLogged = true;
      }
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
