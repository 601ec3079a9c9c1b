import { SearchError, type SearchErrorCode, type SearchMode } from '@agent-search/core';

export const PROVIDER_ID = 'duckduckgo';

export function duckDuckGoError(
  code: SearchErrorCode,
  message: string,
  options: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
): SearchError {
  return new SearchError(code, message, { provider: PROVIDER_ID, ...options });
}

/** Milliseconds from a Retry-After header (delta seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The error for a non-200 answer from a DuckDuckGo endpoint (`what` names it in the message). */
export function httpStatusError(status: number, headers: Headers, what: string): SearchError {
  if (status === 202 || status === 403) {
    return duckDuckGoError('blocked', `${what} refused the request (HTTP ${status}: bot challenge)`, {
      status,
    });
  }
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(headers.get('retry-after'));
    return duckDuckGoError('rate_limited', `${what} is rate limiting requests (HTTP 429)`, {
      status,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  }
  if (status >= 500) return duckDuckGoError('unavailable', `${what} failed (HTTP ${status})`, { status });
  return duckDuckGoError('provider_error', `${what} answered HTTP ${status}`, { status });
}

const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const NETWORK_MESSAGE = /^(fetch failed|failed to fetch|network error|socket hang up)$/i;

/** True for connection-level failures (reset, refused, DNS), looking through `cause` chains. */
export function isNetworkError(error: unknown): boolean {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    if (typeof message === 'string' && NETWORK_MESSAGE.test(message.trim())) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
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
