import { cleanText, redactSecrets, SearchError, type SearchErrorCode } from '@agent-search/core';

export const PROVIDER_ID = 'tavily';

// Tavily's own statuses: 432 = plan usage limit reached, 433 = pay-as-you-go spending limit reached.
function codeForStatus(status: number): SearchErrorCode {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 429) return 'rate_limited';
  if (status === 402 || status === 432 || status === 433) return 'quota_exceeded';
  if (status === 400 || status === 422) return 'invalid_request';
  if (status >= 500) return 'unavailable';
  return 'provider_error';
}

const WHAT: Record<SearchErrorCode, string> = {
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

/** Milliseconds to wait from a Retry-After header (delay in seconds or an HTTP date). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value.trim());
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) && ms >= 0 ? Math.round(ms) : undefined;
}

/**
 * The human reason in an error body: `{detail: {error}}` (Tavily's envelope), `{detail: "..."}`
 * (FastAPI), `{error: {message}}` (keyless limits) — never the whole body.
 */
function reasonOf(body: string): string {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return '';
  }
  if (typeof json !== 'object' || json === null) return '';
  const { detail, error } = json as { detail?: unknown; error?: unknown };
  const candidates = [
    (detail as { error?: unknown } | undefined)?.error,
    detail,
    (error as { message?: unknown } | undefined)?.message,
    error,
  ];
  const reason = candidates.find((c) => typeof c === 'string');
  return typeof reason === 'string' ? reason : '';
}

/** A `SearchError` for a non-2xx answer. Upstream text is redacted and cut short: it may echo the key. */
export function httpError(status: number, headers: Headers, body: string, apiKey: string): SearchError {
  const code = codeForStatus(status);
  const reason = cleanText(redactSecrets(reasonOf(body), [apiKey]), 160);
  const message = `Tavily ${WHAT[code]} (HTTP ${status})${reason ? `: ${reason}` : ''}`;
  const retryAfterMs = code === 'rate_limited' ? parseRetryAfter(headers.get('retry-after')) : undefined;
  return new SearchError(code, message, {
    provider: PROVIDER_ID,
    status,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}
