import {
  cleanText,
  errorMember,
  httpStatusError,
  redactSecrets,
  type SearchError,
  type UpstreamHeaders,
} from '@agent-search/core';

export const PROVIDER_ID = 'serpapi';

/**
 * What to keep out of every message: the key, also as it appears encoded in an echoed request URL (SerpApi
 * takes it as the `api_key` query parameter, so proxies and SerpApi's own errors may quote it): form-encoded
 * as our query string sends it, and percent-encoded.
 */
export function secretsOf(apiKey: string): string[] {
  if (apiKey === '') return [];
  const formEncoded = new URLSearchParams({ k: apiKey }).toString().slice('k='.length);
  return [...new Set([apiKey, formEncoded, encodeURIComponent(apiKey)])];
}

/** SerpApi's `error` string, redacted and cut short for a message; '' when there is none. */
export function quotedReason(error: unknown, secrets: readonly string[]): string {
  return typeof error === 'string' ? cleanText(redactSecrets(error, secrets), 160) : '';
}

/** SerpApi's error envelope, the same for every status: `{"error": "Invalid API key. …"}`. */
function errorOf(body: string): string | undefined {
  const error = errorMember(body);
  return typeof error === 'string' ? error : undefined;
}

// SerpApi answers 429 both for its hourly throughput limit and for an account with no searches left.
const OUT_OF_SEARCHES = /run out of searches/i;

/**
 * A `SearchError` for a non-2xx answer: 401 (invalid key) and 403 (account deleted) unauthorized, 400
 * invalid_request, 429 rate_limited (the hourly throughput limit) unless the account has run out of
 * searches, which is quota_exceeded; 5xx unavailable. SerpApi's own `error` is quoted, redacted, cut short.
 */
export function httpError(
  status: number,
  headers: UpstreamHeaders,
  body: string,
  secrets: readonly string[],
): SearchError {
  const reason = errorOf(body);
  return httpStatusError({
    provider: PROVIDER_ID,
    name: 'SerpApi',
    status,
    headers,
    body,
    reason,
    secrets,
    ...(status === 429 && reason !== undefined && OUT_OF_SEARCHES.test(reason)
      ? { overrides: { 429: 'quota_exceeded' } }
      : {}),
  });
}
