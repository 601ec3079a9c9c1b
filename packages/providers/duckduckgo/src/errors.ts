import {
  httpStatusError as coreHttpStatusError,
  SearchError,
  type SearchErrorCode,
  type UpstreamHeaders,
} from '@agent-search/core';

export const PROVIDER_ID = 'duckduckgo';

export function duckDuckGoError(
  code: SearchErrorCode,
  message: string,
  options: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
): SearchError {
  return new SearchError(code, message, { provider: PROVIDER_ID, ...options });
}

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
export function httpStatusError(status: number, headers: UpstreamHeaders, what: string): SearchError {
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
