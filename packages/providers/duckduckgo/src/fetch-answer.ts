import { fetchUpstream, isNetworkError, isSearchError } from '@agent-search/core';
import { duckDuckGoError, httpStatusError, networkError, PROVIDER_ID } from './errors.ts';

/** How every DuckDuckGo request is made: the provider's `fetch`, the attempt's signal, the body limit. */
export interface FetchContext {
  /** The provider's `fetch` option; undefined for the global `fetch` at call time. */
  fetch: typeof fetch | undefined;
  signal: AbortSignal;
  /** Largest answer read, in bytes. */
  maxBodyBytes: number;
}

/**
 * The body of a 200 answer from a DuckDuckGo endpoint (`what` names it in errors), through core's
 * `fetchUpstream`: redirects only within the URL's origin, the body read up to the limit, the signal
 * honoured throughout. Any other status, a network failure or a
 * request that could not be made becomes a `SearchError`; an abort rejects with the signal's reason.
 */
export async function fetchAnswer(
  url: string,
  init: RequestInit,
  context: FetchContext,
  what: string,
): Promise<string> {
  const { signal } = context;
  try {
    const response = await fetchUpstream(url, init, {
      provider: PROVIDER_ID,
      name: what,
      fetch: context.fetch,
      signal,
      limit: context.maxBodyBytes,
    });
    // 202 is DuckDuckGo's challenge: a success status, but not results.
    if (response.status !== 200) throw httpStatusError(response.status, response.headers, what);
    return response.text;
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (isSearchError(error)) throw error;
    if (isNetworkError(error)) throw networkError(error, what);
    const kind = error instanceof Error ? error.name : typeof error;
    throw duckDuckGoError('provider_error', `${what}: the request failed (${kind})`, { cause: error });
  }
}
