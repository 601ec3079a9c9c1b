import {
  Bulkhead,
  checkMaxBodyBytes,
  type Env,
  queryWithSiteFilters,
  type SearchProviderV1,
  type SearchRequest,
} from '@agent-search/core';
import { duckDuckGoCapabilities } from './definition.ts';
import { PROVIDER_ID } from './errors.ts';
import { DEFAULT_HTML_URL, searchHtmlEndpoint } from './html-backend.ts';
import {
  BACKEND_NAMES,
  type DuckDuckGoTextBackend,
  raceTextBackends,
  TextBackendOrder,
} from './text-backends.ts';
import { searchWithVqd } from './vqd-backend.ts';

export type { DuckDuckGoTextBackend } from './text-backends.ts';

export interface DuckDuckGoProviderOptions {
  /**
   * Text-search backends in the order tried; the next one is tried when one fails or is slow. Default
   * `['html', 'djs']`: the HTML endpoint needs one request instead of two (vqd token, then d.js), and
   * d.js has blocked scrapers far more often since 2025-09 (duck-duck-scrape issue #148).
   * News and videos always use news.js and v.js (after the same token step): the HTML endpoint has neither.
   */
  textBackends?: readonly DuckDuckGoTextBackend[];
  /**
   * How long the first text backend has a search to itself before the next starts beside it, so a hung
   * backend leaves the other room inside the attempt's time. Default 1500 ms. A backend that failed or
   * was overtaken goes behind the other for a minute (or its Retry-After), so later searches start with
   * the one that answered.
   */
  textHandoverMs?: number;
  /**
   * URL the HTML endpoint's form is posted to (a proxy, a test server). Default
   * https://html.duckduckgo.com/html/. The token page, d.js, news.js and v.js stay on DuckDuckGo's own
   * hosts; send them elsewhere with `fetch`.
   */
  baseURL?: string | undefined;
  /** @deprecated Renamed `baseURL` (same meaning); this name goes in the next release. */
  htmlBaseURL?: string | undefined;
  /** User-Agent sent to every DuckDuckGo endpoint. Default: a current desktop Chrome. */
  userAgent?: string;
  /**
   * `fetch` for every request: the HTML endpoint, the token page, d.js, news.js and v.js (a proxy-aware
   * one, a test double). Default: the global `fetch` at call time.
   */
  fetch?: typeof fetch;
  /** Largest answer read from any DuckDuckGo endpoint, in bytes; a larger one fails. Default 5 MB. */
  maxBodyBytes?: number;
  /**
   * Searches this provider runs at once; more wait their turn (inside their attempt's time). Default 256:
   * above any steady load one address can put on DuckDuckGo, so only a burst waits, and a burst of a
   * thousand is then answered in order, a few hundred at a time, instead of all at once and late.
   */
  maxConcurrentSearches?: number;
}

export const DEFAULT_MAX_CONCURRENT_SEARCHES = 256;

export const DEFAULT_TEXT_BACKENDS: readonly DuckDuckGoTextBackend[] = ['html', 'djs'];

// The HTML endpoint answers in well under a second when it answers at all; d.js needs two requests
// (token, then results), so a 4 s attempt leaves it over 2 s.
export const DEFAULT_TEXT_HANDOVER_MS = 1_500;

export const DEFAULT_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

// What a browser sends with a navigation; DuckDuckGo serves bare clients its challenge sooner.
const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'sec-fetch-dest': 'document',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-site': 'none',
  'upgrade-insecure-requests': '1',
};

function checkTextBackends(value: readonly DuckDuckGoTextBackend[] | undefined): DuckDuckGoTextBackend[] {
  if (value === undefined) return [...DEFAULT_TEXT_BACKENDS];
  const backends = [...new Set(value)];
  const unknown = backends.filter((b) => !Object.hasOwn(BACKEND_NAMES, b));
  if (backends.length === 0 || unknown.length > 0) {
    throw new TypeError(
      `textBackends must list "html" and/or "djs"${unknown.length > 0 ? `, not ${unknown.map((b) => `"${b}"`).join(', ')}` : ''}`,
    );
  }
  return backends;
}

/** The HTML endpoint's URL, kept as given (its trailing slash matters). Not echoed: it may carry credentials. */
function checkUrl(value: string | undefined, name: string): string {
  const url = value?.trim() || DEFAULT_HTML_URL;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw new TypeError(`DuckDuckGo ${name} must be an http(s) URL`);
  }
  return url;
}

/** `baseURL`, or `htmlBaseURL` (its deprecated name) when only that is set; the default when neither is. */
function htmlEndpointUrl(options: DuckDuckGoProviderOptions): string {
  if (!options.baseURL?.trim() && options.htmlBaseURL?.trim())
    return checkUrl(options.htmlBaseURL, 'htmlBaseURL');
  return checkUrl(options.baseURL, 'baseURL');
}

/** needle went with duck-duck-scrape; a JavaScript caller still passing its options learns what replaced them. */
function rejectNeedleOptions(options: object): void {
  if ('needleOptions' in options) {
    throw new TypeError(
      'DuckDuckGo needleOptions is no longer supported: every request goes through `fetch` (pass a proxy-aware one)',
    );
  }
}

function checkMaxConcurrent(value: number | undefined): number {
  if (value === undefined) return DEFAULT_MAX_CONCURRENT_SEARCHES;
  if (!Number.isInteger(value) || value < 1) {
    throw new TypeError(`maxConcurrentSearches must be a positive integer, got ${String(value)}`);
  }
  return value;
}

function checkHandover(value: number | undefined): number {
  if (value === undefined) return DEFAULT_TEXT_HANDOVER_MS;
  if (!Number.isFinite(value) || value < 0) {
    throw new TypeError(`textHandoverMs must be a non-negative number of ms, got ${String(value)}`);
  }
  return value;
}

/**
 * DuckDuckGo search without an API key. Text goes to the HTML endpoint and/or d.js (failing over
 * between them inside the attempt's time, see text-backends.ts), news to news.js and videos to v.js.
 * Domain filters become `site:` query terms. Every request goes through `options.fetch`.
 */
export function createDuckDuckGoProvider(options: DuckDuckGoProviderOptions = {}): SearchProviderV1 {
  rejectNeedleOptions(options);
  const textOrder = new TextBackendOrder(checkTextBackends(options.textBackends));
  const handoverMs = checkHandover(options.textHandoverMs);
  const maxBodyBytes = checkMaxBodyBytes(options.maxBodyBytes);
  const htmlUrl = htmlEndpointUrl(options);
  const userAgent = options.userAgent?.trim() || DEFAULT_USER_AGENT;
  const headers = { ...BROWSER_HEADERS, 'user-agent': userAgent };
  // At most maxConcurrentSearches at once, the rest waiting first come first served: a burst of a thousand
  // then sends a few hundred requests at a time and answers in order, instead of opening a thousand
  // connections that all finish late together (past the attempt's time, so every request is wasted).
  // The queue has no count limit: each waiter leaves when its attempt's signal aborts, so time bounds it.
  const slots = new Bulkhead(checkMaxConcurrent(options.maxConcurrentSearches), Number.POSITIVE_INFINITY);

  // Every request: the caller's fetch, the attempt's (or the backend's) signal, the body limit.
  const fetchContext = (signal: AbortSignal) => ({ fetch: options.fetch, signal, maxBodyBytes });

  function searchText(query: string, request: SearchRequest, signal: AbortSignal) {
    return raceTextBackends({
      order: textOrder,
      signal,
      handoverMs,
      run: (backend, backendSignal) =>
        backend === 'html'
          ? searchHtmlEndpoint(query, request, { url: htmlUrl, userAgent, ...fetchContext(backendSignal) })
          : searchWithVqd('text', query, request, { headers, ...fetchContext(backendSignal) }),
    });
  }

  return {
    specificationVersion: 'v1',
    id: PROVIDER_ID,
    name: 'DuckDuckGo',
    capabilities: duckDuckGoCapabilities,
    configured: true,
    async search(request, { signal }) {
      signal.throwIfAborted();
      const query = queryWithSiteFilters(request);
      // The slot is taken before the text backends' race, so time spent waiting for one never hands over.
      const results = await slots.run(signal, () =>
        request.mode === 'text'
          ? searchText(query, request, signal)
          : searchWithVqd(request.mode, query, request, { headers, ...fetchContext(signal) }),
      );
      return { results };
    },
  };
}

/** The provider configuration builds: `DUCKDUCKGO_HTML_URL` overrides the HTML endpoint. */
export function fromEnv(env: Env): SearchProviderV1 {
  return createDuckDuckGoProvider({ baseURL: env.DUCKDUCKGO_HTML_URL });
}
