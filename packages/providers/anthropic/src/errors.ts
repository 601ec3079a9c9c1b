import { errorMember, httpStatusError, type SearchError, type UpstreamHeaders } from '@agent-search/core';

export const PROVIDER_ID = 'anthropic';
export const NAME = 'Anthropic';

/**
 * A `SearchError` for a non-2xx answer: 401/403 unauthorized, 400 invalid_request (or quota_exceeded when
 * Anthropic says the credit balance is too low), 404 invalid_request (no such model), 413 invalid_request,
 * 429 rate_limited with Retry-After, 500 and 529 (overloaded) unavailable. The message is quoted, redacted
 * and cut short.
 */
export function httpError(
  status: number,
  headers: UpstreamHeaders,
  body: string,
  apiKey: string,
): SearchError {
  // Anthropic's error envelope: `{"type": "error", "error": {"type", "message"}, "request_id"}`.
  const message = (errorMember(body) as { message?: unknown } | null | undefined)?.message;
  const broke =
    status === 400 && typeof message === 'string' && /credit balance/i.test(message.slice(0, 300));
  return httpStatusError({
    provider: PROVIDER_ID,
    name: NAME,
    status,
    headers,
    body,
    secrets: [apiKey],
    overrides: broke
      ? { 400: 'quota_exceeded', 404: 'invalid_request', 413: 'invalid_request' }
      : { 404: 'invalid_request', 413: 'invalid_request' },
  });
}
