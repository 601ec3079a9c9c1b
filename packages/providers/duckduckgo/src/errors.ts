import {
  httpStatusError as coreHttpStatusError,
  isNetworkError,
  SearchError,
  type SearchErrorCode,
  type SearchMode,
} from '@agent-search/core';

export const PROVIDER_ID = 'duckduckgo';

export function duckDuckGoError(
  code: SearchErrorCode,
  message: string,
  options: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
): SearchError {
  return new SearchError(code, message, { provider: PROVIDER_ID, ...options });
}

// Core's, imported from here by the backends and this package's tests.
/**
 * 202 is DuckDuckGo's bot challenge and 403 a refusal. Below 500 everything else but 429 is a provider
 * error: there is no key and the request is ours, so the API readings of 400/422 (fix the request),
 * 401 (bad key), 402 (no credit) and 408 do not apply.
 */
const DUCKDUCKGO_STATUSES: Readonly<Record<number, SearchErrorCode>> = {
  202: 'blocked',
  403: 'blocked',
  400: 'provider_error',
  401: 'provider_error',
  402: 'provider_error',
  408: 'provider_error',
  422: 'provider_error',
};

/** The error for a non-200 answer from a DuckDuckGo endpoint (`what` names it in the message). */
export function httpStatusError(status: number, headers: Headers, what: string): SearchError {
  return coreHttpStatusError({
    provider: PROVIDER_ID,
    name: what,
    status,
    headers,
    overrides: DUCKDUCKGO_STATUSES,
    ...(DUCKDUCKGO_STATUSES[status] === 'blocked' ? { reason: 'bot challenge' } : {}),
  });
}

export function networkError(error: unknown, what: string): SearchError {
  return duckDuckGoError('unavailable', `${what} could not be reached (network error)`, { cause: error });
}

/**
 * Classifies what duck-duck-scrape throws on d.js, news.js and v.js. It hides HTTP statuses, so the
 * message is all there is: see its lib/search/*.js. (The vqd token step is ours: vqd-page.ts.)
 */
export function fromScrapeError(error: unknown, mode: SearchMode): SearchError {
  if (isNetworkError(error)) return networkError(error, 'DuckDuckGo');
  const message = error instanceof Error ? error.message : String(error);
  if (message.startsWith('DDG detected an anomaly')) {
    return duckDuckGoError('blocked', 'DuckDuckGo flagged the request as automated (anomaly block)', {
      cause: error,
    });
  }
  if (message === 'A server error occurred!') {
    // search() throws it for the DDG.deep.is506 body; searchNews()/searchVideos() for HTTP 403.
    return mode === 'text'
      ? duckDuckGoError('unavailable', 'DuckDuckGo reported a server error (506)', { cause: error })
      : duckDuckGoError('blocked', `DuckDuckGo refused the ${mode} request (HTTP 403)`, {
          status: 403,
          cause: error,
        });
  }
  // Anything else (a TypeError or SyntaxError from parsing) means the payload was not what we expect.
  const kind = error instanceof Error ? error.name : typeof error;
  return duckDuckGoError(
    'provider_error',
    `DuckDuckGo sent a ${mode} response that could not be read (${kind})`,
    {
      cause: error,
    },
  );
}
