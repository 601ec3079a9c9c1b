import {
  cleanText,
  codeForHttpStatus,
  ERROR_PHRASES,
  parseRetryAfter,
  redactSecrets,
  SearchError,
} from '@agent-search/core';

export const PROVIDER_ID = 'tavily';

// Tavily's own statuses: 432 = plan usage limit reached, 433 = pay-as-you-go spending limit reached.
const TAVILY_STATUSES = { 432: 'quota_exceeded', 433: 'quota_exceeded' } as const;

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
  const code = codeForHttpStatus(status, TAVILY_STATUSES);
  const reason = cleanText(redactSecrets(reasonOf(body), [apiKey]), 160);
  const message = `Tavily ${ERROR_PHRASES[code]} (HTTP ${status})${reason ? `: ${reason}` : ''}`;
  const retryAfterMs = code === 'rate_limited' ? parseRetryAfter(headers.get('retry-after')) : undefined;
  return new SearchError(code, message, {
    provider: PROVIDER_ID,
    status,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}
