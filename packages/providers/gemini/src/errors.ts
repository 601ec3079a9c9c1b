import {
  errorMember,
  httpStatusError,
  type SearchError,
  type SearchErrorCode,
  type UpstreamHeaders,
} from '@agent-search/core';

export const PROVIDER_ID = 'gemini';
export const NAME = 'Gemini';

/** Google's error envelope: `{"error": {"code", "message", "status", "details": [{"@type", ...}]}}`. */
interface GoogleError {
  status?: unknown;
  details?: unknown;
}

// Details read: Google sends a handful; a hostile list is not walked to its end.
const MAX_DETAILS = 16;

function errorOf(body: string): GoogleError {
  const error = errorMember(body);
  return typeof error === 'object' && error !== null ? (error as GoogleError) : {};
}

function detailsOf(error: GoogleError): Record<string, unknown>[] {
  if (!Array.isArray(error.details)) return [];
  return error.details
    .slice(0, MAX_DETAILS)
    .filter((d): d is Record<string, unknown> => typeof d === 'object' && d !== null);
}

const isType = (detail: Record<string, unknown>, type: string) =>
  detail['@type'] === `type.googleapis.com/google.rpc.${type}`;

/** Milliseconds from a `RetryInfo` detail's `retryDelay` ("24s", "1.5s"). */
function retryDelayMs(details: readonly Record<string, unknown>[]): number | undefined {
  const delay = details.find((d) => isType(d, 'RetryInfo'))?.retryDelay;
  const match = typeof delay === 'string' ? /^(\d{1,7}(?:\.\d{1,9})?)s$/.exec(delay) : null;
  return match ? Math.round(Number(match[1]) * 1000) : undefined;
}

/** A daily quota (`QuotaFailure` with a per-day quota id) is spent until tomorrow, not for seconds. */
function dailyQuota(details: readonly Record<string, unknown>[]): boolean {
  const violations = details.find((d) => isType(d, 'QuotaFailure'))?.violations;
  return (
    Array.isArray(violations) &&
    violations
      .slice(0, MAX_DETAILS)
      .some((v) => typeof v?.quotaId === 'string' && v.quotaId.slice(0, 200).includes('PerDay'))
  );
}

/**
 * A `SearchError` for a non-2xx answer: 400 `API_KEY_INVALID` and 401/403 unauthorized, other 400s and
 * 404 (no such model) invalid_request, 429 rate_limited with the `RetryInfo` delay, or quota_exceeded when
 * a daily quota is spent, 5xx unavailable. Google's message is quoted, redacted and cut short.
 */
export function httpError(
  status: number,
  headers: UpstreamHeaders,
  body: string,
  apiKey: string,
): SearchError {
  const error = errorOf(body);
  const details = detailsOf(error);
  const overrides: Record<number, SearchErrorCode> = { 404: 'invalid_request' };
  if (details.some((d) => isType(d, 'ErrorInfo') && d.reason === 'API_KEY_INVALID'))
    overrides[400] = 'unauthorized';
  if (status === 429 && dailyQuota(details)) overrides[429] = 'quota_exceeded';
  return httpStatusError({
    provider: PROVIDER_ID,
    name: NAME,
    status,
    headers,
    body,
    secrets: [apiKey],
    overrides,
    retryAfterMs: retryDelayMs(details),
  });
}
