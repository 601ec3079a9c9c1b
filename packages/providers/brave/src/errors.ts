import { errorMember, httpStatusError, type SearchError, type UpstreamHeaders } from '@agent-search/core';

export const PROVIDER_ID = 'brave';

/**
 * Milliseconds until Brave's rate limit lets requests through again. Brave sends one counter per window
 * ("X-RateLimit-Remaining: 0, 14000" and "X-RateLimit-Reset: 1, 1419704": per second, per month); the
 * wait is the longest reset among the windows used up, or the shortest window's when none says so.
 */
export function rateLimitResetMs(headers: UpstreamHeaders): number | undefined {
  const list = (name: string) =>
    (headers.get(name) ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '')
      .map(Number);
  const resets = list('x-ratelimit-reset');
  if (resets.length === 0 || resets.some((s) => !Number.isFinite(s) || s < 0)) return undefined;
  const remaining = list('x-ratelimit-remaining');
  const spent = resets.filter((_, i) => remaining[i] === 0);
  const seconds = spent.length > 0 ? Math.max(...spent) : resets[0]!;
  return Math.round(seconds * 1000);
}

/** Brave's error envelope: `{"type": "ErrorResponse", "error": {"code", "detail", "status"}}`. */
function detailOf(body: string): string | undefined {
  const error = errorMember(body) as { detail?: unknown; code?: unknown } | null | undefined;
  if (typeof error?.detail === 'string') return error.detail;
  if (typeof error?.code === 'string') return error.code;
  return undefined;
}

/**
 * A `SearchError` for a non-2xx answer: 401/403 unauthorized (a bad key, or a plan without this endpoint),
 * 422 invalid_request, 429 rate_limited with the wait from Brave's reset counters. Brave's own `detail`
 * is quoted, redacted and cut short.
 */
export function httpError(
  status: number,
  headers: UpstreamHeaders,
  body: string,
  apiKey: string,
): SearchError {
  return httpStatusError({
    provider: PROVIDER_ID,
    name: 'Brave',
    status,
    headers,
    body,
    reason: detailOf(body),
    secrets: [apiKey],
    retryAfterMs: rateLimitResetMs(headers),
  });
}
