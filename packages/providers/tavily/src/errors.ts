import {
  cleanText,
  httpStatusError,
  parseBoundedJson,
  parseRetryAfter,
  redactSecrets,
  SearchError,
  type UpstreamHeaders,
} from '@agent-search/core';

export const PROVIDER_ID = 'tavily';

// Tavily's own statuses: 432 = plan usage limit reached, 433 = pay-as-you-go spending limit reached.
const TAVILY_STATUSES = { 432: 'quota_exceeded', 433: 'quota_exceeded' } as const;

// The longest wait taken from an answer: a month (a monthly cap), so a hostile number cannot park the provider.
const MAX_RETRY_AFTER_MS = 31 * 24 * 3600 * 1000;

/**
 * A keyless request refused for a cap, as `@tavily/core` recognises it: `{error: {code, message,
 * retry_after_seconds, next_actions}}` on any non-2xx status (its `TavilyKeylessLimitError`, whose
 * `capType` is `code` and `retryAfter` is `retry_after_seconds`).
 */
interface KeylessLimit {
  code: string;
  message?: unknown;
  retry_after_seconds?: unknown;
}

function keylessLimitOf(text: string): KeylessLimit | undefined {
  let body: unknown;
  try {
    // Within core's shape limits: an error body nested thousands deep is refused before it is parsed.
    body = parseBoundedJson(text);
  } catch {
    return undefined;
  }
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'object' || error === null) return undefined;
  return typeof (error as { code?: unknown }).code === 'string' ? (error as KeylessLimit) : undefined;
}

/** Milliseconds from `retry_after_seconds`, else from Retry-After; bounded, undefined when neither says. */
function retryAfterMs(limit: KeylessLimit, headers: UpstreamHeaders): number | undefined {
  const seconds = limit.retry_after_seconds;
  const ms =
    typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0
      ? Math.round(seconds * 1000)
      : parseRetryAfter(headers.get('retry-after'));
  return ms === undefined ? undefined : Math.min(ms, MAX_RETRY_AFTER_MS);
}

/**
 * The keyless limit as a `SearchError`: `quota_exceeded` for a daily or monthly cap (no point retrying
 * within minutes), `rate_limited` for the shorter ones; both carry the wait Tavily gave.
 */
function keylessLimitError(
  status: number,
  headers: UpstreamHeaders,
  limit: KeylessLimit,
  apiKey: string,
): SearchError {
  // The envelope is recognised with a key too (as the SDK does): whatever it quotes is redacted.
  const cap = cleanText(redactSecrets(limit.code, [apiKey]), 40);
  const long = /daily|monthly|(^|[^a-z])(day|month)([^a-z]|$)/i.test(cap);
  const said = cleanText(
    redactSecrets(typeof limit.message === 'string' ? limit.message : '', [apiKey]),
    160,
  );
  const wait = retryAfterMs(limit, headers);
  return new SearchError(
    long ? 'quota_exceeded' : 'rate_limited',
    `Tavily keyless limit reached (HTTP ${status}, cap ${cap})${said ? `: ${said}` : ''}; set TAVILY_API_KEY for limits of your own`,
    {
      provider: PROVIDER_ID,
      status,
      ...(wait === undefined ? {} : { retryAfterMs: wait }),
    },
  );
}

/**
 * A `SearchError` for a non-2xx answer. Core quotes the reason in the body (`{detail: {error}}`, Tavily's
 * envelope, `{detail}` or `{error: {message}}`) redacted and cut short: it may echo the key.
 */
export function httpError(
  status: number,
  headers: UpstreamHeaders,
  body: string,
  apiKey: string,
): SearchError {
  // A refusal (4xx) only: a gateway's 5xx in the same shape is still an outage, not a limit to wait out.
  const limit = status < 500 ? keylessLimitOf(body) : undefined;
  if (limit) return keylessLimitError(status, headers, limit, apiKey);
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
