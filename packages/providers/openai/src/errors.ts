import { errorMember, httpStatusError, type SearchError, type UpstreamHeaders } from '@agent-search/core';

export const PROVIDER_ID = 'openai';
export const NAME = 'OpenAI';

/** OpenAI's error envelope: `{"error": {"message", "type", "param", "code"}}`. */
function errorCodeOf(body: string): string | undefined {
  const error = errorMember(body) as { code?: unknown; type?: unknown } | null | undefined;
  if (typeof error?.code === 'string') return error.code;
  if (typeof error?.type === 'string') return error.type;
  return undefined;
}

/**
 * Milliseconds until OpenAI's rate limit lets requests through again, from `x-ratelimit-reset-requests`
 * or `x-ratelimit-reset-tokens` ("1s", "6m0s", "20ms"), the longer of the two. Undefined when neither reads.
 */
export function rateLimitResetMs(headers: UpstreamHeaders): number | undefined {
  const waits = ['x-ratelimit-reset-requests', 'x-ratelimit-reset-tokens']
    .map((name) => durationMs(headers.get(name)))
    .filter((ms) => ms !== undefined);
  return waits.length > 0 ? Math.max(...waits) : undefined;
}

const DURATION = /^(?:(\d{1,6})h)?(?:(\d{1,6})m(?!s))?(?:(\d{1,6}(?:\.\d{1,6})?)s)?(?:(\d{1,9})ms)?$/;

function durationMs(value: string | null): number | undefined {
  const match = value === null ? null : DURATION.exec(value.trim());
  if (!match || match.slice(1).every((part) => part === undefined)) return undefined;
  const [, h = '0', m = '0', s = '0', ms = '0'] = match;
  return Math.round(((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms));
}

/**
 * A `SearchError` for a non-2xx answer: 401/403 unauthorized, 400 invalid_request (a model without the
 * web_search tool, say), 404 invalid_request (no such model), 429 rate_limited with the wait from the
 * reset headers, or quota_exceeded when the code says the account's credit is spent (`insufficient_quota`).
 * OpenAI's message is quoted, redacted (it echoes part of a wrong key) and cut short.
 */
export function httpError(
  status: number,
  headers: UpstreamHeaders,
  body: string,
  apiKey: string,
): SearchError {
  const quota = status === 429 && errorCodeOf(body) === 'insufficient_quota';
  return httpStatusError({
    provider: PROVIDER_ID,
    name: NAME,
    status,
    headers,
    body,
    secrets: [apiKey],
    overrides: quota ? { 404: 'invalid_request', 429: 'quota_exceeded' } : { 404: 'invalid_request' },
    retryAfterMs: rateLimitResetMs(headers),
  });
}
