import { isNetworkError, isSearchError } from '@agent-search/core';
import { duckDuckGoError, httpStatusError, networkError } from './errors.ts';
import { isAnomalyPage } from './html-page.ts';
import type { NeedleOptions } from './needle-options.ts';
import { type NeedleResponse, needle, VQD_REGEX } from './scrape-library.ts';

/** The search page whose inline script carries the vqd token d.js, news.js and v.js need. */
export const VQD_PAGE_URL = 'https://duckduckgo.com/';

const WHAT = "DuckDuckGo's search page (vqd token)";

/** The page duck-duck-scrape's getVQD requests: `GET https://duckduckgo.com/?q=<query>&ia=web`. */
export function vqdPageUrl(query: string): string {
  return `${VQD_PAGE_URL}?${new URLSearchParams({ q: query, ia: 'web' })}`;
}

function headersOf(response: NeedleResponse): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers ?? {})) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, v);
  }
  return headers;
}

function bodyText(body: unknown): string {
  if (typeof body === 'string') return body;
  return Buffer.isBuffer(body) ? body.toString('utf8') : '';
}

/**
 * Fetches the vqd token for `query` the way duck-duck-scrape's getVQD does (same URL, same needle
 * options: headers, proxy, agent, signal), but keeps what getVQD throws away: the HTTP status, the
 * Retry-After header and whether the connection failed. `needleOptions.signal` must be the attempt's.
 */
export async function fetchVqd(
  query: string,
  needleOptions: NeedleOptions,
  signal: AbortSignal,
): Promise<string> {
  let response: NeedleResponse;
  try {
    response = await needle('get', vqdPageUrl(query), needleOptions);
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    // The body limit (see scrape-library.ts) already says what happened.
    if (isSearchError(error)) throw error;
    if (isNetworkError(error)) throw networkError(error, WHAT);
    const kind = error instanceof Error ? error.name : typeof error;
    throw duckDuckGoError('provider_error', `${WHAT}: the request failed (${kind})`, { cause: error });
  }
  const status = response.statusCode ?? 0;
  // 202 is DuckDuckGo's challenge page, 403 a refusal, 429 a rate limit, 5xx an outage.
  if (status !== 200) throw httpStatusError(status, headersOf(response), WHAT);
  const html = bodyText(response.body);
  const token = VQD_REGEX.exec(html)?.[1];
  if (token) return token;
  // Both are DuckDuckGo turning the client away: the challenge page, or a page that simply lacks the token.
  const why = isAnomalyPage(html)
    ? 'served its bot challenge instead of a token'
    : 'came without a search token';
  throw duckDuckGoError('blocked', `${WHAT} ${why}`, { status });
}
