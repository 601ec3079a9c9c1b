import type { SearchErrorCode } from './errors.ts';

/**
 * The error code for an HTTP status, the same for every API provider: 400/422 invalid_request,
 * 401/403 unauthorized, 402 quota_exceeded, 429 rate_limited, 408 and 5xx unavailable. `overrides`
 * adds a provider's own statuses (Tavily's 432/433 quota limits, a scraper's 403 meaning "blocked").
 */
export function codeForHttpStatus(
  status: number,
  overrides: Readonly<Record<number, SearchErrorCode>> = {},
): SearchErrorCode {
  const override = overrides[status];
  if (override) return override;
  if (status === 400 || status === 422) return 'invalid_request';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 402) return 'quota_exceeded';
  if (status === 429) return 'rate_limited';
  if (status === 408 || status >= 500) return 'unavailable';
  return 'provider_error';
}

/** Milliseconds to wait from a Retry-After header (a delay in seconds or an HTTP date). */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  const seconds = trimmed === '' ? Number.NaN : Number(trimmed);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(trimmed) - now;
  return Number.isFinite(ms) && ms >= 0 ? Math.round(ms) : undefined;
}

/** What a provider did, per code, for messages such as "Tavily is rate limiting requests (HTTP 429)". */
export const ERROR_PHRASES: Readonly<Record<SearchErrorCode, string>> = {
  unauthorized: 'rejected the API key',
  rate_limited: 'is rate limiting requests',
  quota_exceeded: 'usage limit reached',
  invalid_request: 'rejected the request',
  unavailable: 'is unavailable',
  provider_error: 'failed',
  blocked: 'blocked the request',
  timeout: 'timed out',
  no_provider: 'cannot serve the request',
};
