import type { SearchErrorCode } from './error-codes.ts';
import { redactSecrets, SearchError } from './errors.ts';
import { parseBoundedJson } from './json-shape.ts';
import type { UpstreamHeaders } from './node-transport.ts';
import { cleanText } from './text.ts';

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
  budget_exhausted: 'is beyond the spend budget',
};

/**
 * The `error` member of a JSON error body (`{"error": …}`, the envelope most APIs answer errors in), for a
 * provider to read its own codes from; undefined when the body is not JSON or has none.
 */
export function errorMember(body: string): unknown {
  try {
    const json: unknown = parseBoundedJson(body);
    return typeof json === 'object' && json !== null ? (json as { error?: unknown }).error : undefined;
  } catch {
    return undefined;
  }
}

/** The upstream's own words in an error body (raw text or parsed JSON), from the envelopes APIs use. */
function reasonOf(body: unknown): string {
  let json = body;
  if (typeof body === 'string') {
    try {
      json = parseBoundedJson(body);
    } catch {
      return '';
    }
  }
  if (typeof json !== 'object' || json === null) return '';
  const { error, detail, message } = json as { error?: unknown; detail?: unknown; message?: unknown };
  // {error: {message}} (OpenAI style), {error}, {detail: {error}} (Tavily), {detail} (FastAPI), {message}.
  const candidates = [
    (error as { message?: unknown } | undefined)?.message,
    error,
    (detail as { error?: unknown } | undefined)?.error,
    detail,
    message,
  ];
  const reason = candidates.find((c) => typeof c === 'string');
  return typeof reason === 'string' ? reason : '';
}

export interface HttpStatusErrorOptions {
  /** The provider's id, kept as the error's `provider`. */
  provider: string;
  /** Who answered, as the message names it: "Tavily", "The DuckDuckGo HTML endpoint". */
  name: string;
  status: number;
  /** The answer's headers: Retry-After is read when the status means rate limited. */
  headers?: UpstreamHeaders | undefined;
  /** The error body, raw or parsed: its reason (`{error: {message}}`, `{detail}`, ...) is quoted, never the whole body. */
  body?: unknown;
  /** The reason to quote when the status itself says it (a scraper's challenge status), instead of the body's. */
  reason?: string | undefined;
  /** What must never appear in the message (API keys): the quoted reason may echo them. */
  secrets?: readonly (string | undefined)[];
  /** A provider's own statuses, as for `codeForHttpStatus`. */
  overrides?: Readonly<Record<number, SearchErrorCode>>;
  /** When to retry, read by the provider from its own headers (rate-limit reset counters); default Retry-After. */
  retryAfterMs?: number | undefined;
}

/**
 * The `SearchError` for a non-2xx answer, e.g. "Tavily is rate limiting requests (HTTP 429): slow down":
 * code from `codeForHttpStatus`, the upstream reason redacted and cut to 160 characters, `retryAfterMs`
 * from Retry-After when rate limited.
 */
export function httpStatusError(options: HttpStatusErrorOptions): SearchError {
  const { provider, name, status } = options;
  const code = codeForHttpStatus(status, options.overrides);
  const said = options.reason ?? reasonOf(options.body);
  const reason = cleanText(redactSecrets(said, options.secrets ?? []), 160);
  const message = `${name} ${ERROR_PHRASES[code]} (HTTP ${status})${reason ? `: ${reason}` : ''}`;
  const retryAfterMs =
    code === 'rate_limited'
      ? (parseRetryAfter(options.headers?.get('retry-after')) ?? options.retryAfterMs)
      : undefined;
  return new SearchError(code, message, {
    provider,
    status,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}

// Node's socket and DNS errors (ECONNRESET, EAI_AGAIN, ...) and undici's (UND_ERR_SOCKET, ...): fetch
// rejects with a TypeError whose cause carries one, needle and http reject with it directly.
const NETWORK_CODE = /^(E[A-Z]+|EAI_AGAIN|UND_ERR_[A-Z_]+)$/;
// What fetch (Node, browsers, msw) and Node's http say when the connection failed, code or not.
const NETWORK_MESSAGE = /^(fetch failed|failed to fetch|network error|socket hang up)$/i;
const CAUSE_DEPTH = 5;

type Failure = { code?: unknown; message?: unknown; cause?: unknown };

/** `error` and the causes it wraps, outermost first. */
function causeChain(error: unknown): Failure[] {
  const chain: Failure[] = [];
  for (let e = error; typeof e === 'object' && e !== null && chain.length < CAUSE_DEPTH; ) {
    chain.push(e as Failure);
    e = (e as Failure).cause;
  }
  return chain;
}

/** The socket or undici error code in `error` or its causes ("ECONNRESET"), for messages. */
export function networkErrorCode(error: unknown): string | undefined {
  for (const { code } of causeChain(error)) {
    if (typeof code === 'string' && NETWORK_CODE.test(code)) return code;
  }
  return undefined;
}

/** True for connection-level failures (reset, refused, DNS, "fetch failed"), looking through `cause` chains. */
export function isNetworkError(error: unknown): boolean {
  if (networkErrorCode(error) !== undefined) return true;
  for (const { message } of causeChain(error)) {
    if (typeof message === 'string' && NETWORK_MESSAGE.test(message.trim())) return true;
  }
  return false;
}
