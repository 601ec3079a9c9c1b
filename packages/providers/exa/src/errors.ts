import { httpStatusError, type SearchError, type UpstreamHeaders } from '@agent-search/core';

export const PROVIDER_ID = 'exa';

/**
 * A `SearchError` for a non-2xx answer: 401/403 unauthorized, 402 quota_exceeded (`NO_MORE_CREDITS`,
 * `API_KEY_BUDGET_EXCEEDED`), 429 rate_limited, 5xx unavailable. Core quotes Exa's reason (`{error}` or
 * `{error: {message}}`) redacted and cut short: it may echo the key.
 */
export function httpError(
  status: number,
  headers: UpstreamHeaders,
  body: string,
  apiKey: string,
): SearchError {
  return httpStatusError({ provider: PROVIDER_ID, name: 'Exa', status, headers, body, secrets: [apiKey] });
}
