import { httpStatusError, type SearchError } from '@agent-search/core';

export const PROVIDER_ID = 'tavily';

// Tavily's own statuses: 432 = plan usage limit reached, 433 = pay-as-you-go spending limit reached.
const TAVILY_STATUSES = { 432: 'quota_exceeded', 433: 'quota_exceeded' } as const;

/**
 * A `SearchError` for a non-2xx answer. Core quotes the reason in the body (`{detail: {error}}`, Tavily's
 * envelope, `{detail}` or `{error: {message}}`) redacted and cut short: it may echo the key.
 */
export function httpError(status: number, headers: Headers, body: string, apiKey: string): SearchError {
  return httpStatusError({
    provider: PROVIDER_ID,
    name: 'Tavily',
    status,
    headers,
    body,
    secrets: [apiKey],
    overrides: TAVILY_STATUSES,
  });
}
