import { cleanText, redactSecrets, SearchError, type SearchErrorCode } from '@agent-search/core';
import { APIConnectionError, APIError } from '@perplexity-ai/perplexity_ai';

export const PROVIDER_ID = 'perplexity';

function codeForStatus(status: number): SearchErrorCode {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 429) return 'rate_limited';
  if (status === 402) return 'quota_exceeded';
  if (status === 400 || status === 422) return 'invalid_request';
  if (status >= 500) return 'unavailable';
  return 'provider_error';
}

const WHAT: Record<SearchErrorCode, string> = {
  unauthorized: 'rejected the API key',
  rate_limited: 'is rate limiting requests',
  quota_exceeded: 'credits are exhausted',
  invalid_request: 'rejected the request',
  unavailable: 'is unavailable',
  provider_error: 'failed',
  blocked: 'blocked the request',
  timeout: 'timed out',
  no_provider: 'cannot serve the request',
};

/** Milliseconds to wait from a Retry-After header (delay in seconds or an HTTP date). */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value.trim());
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) && ms >= 0 ? Math.round(ms) : undefined;
}

/** The human reason in a parsed JSON error body: `{error: {message}}`, `{detail}` or `{message}`. */
function reasonOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const { error, detail, message } = body as { error?: unknown; detail?: unknown; message?: unknown };
  const candidates = [(error as { message?: unknown } | undefined)?.message, error, detail, message];
  const reason = candidates.find((c) => typeof c === 'string');
  return typeof reason === 'string' ? reason : '';
}

/**
 * Turns anything the SDK throws into a `SearchError` with a message we write. SDK errors are never kept as
 * the cause: their message and `error` field hold the upstream body, which may echo the key.
 */
export function toSearchError(error: unknown, apiKey: string): SearchError {
  if (error instanceof APIConnectionError) {
    // Covers APIConnectionTimeoutError too: no response, so the SDK's own timeout counts as unreachable.
    return new SearchError('unavailable', 'Perplexity could not be reached (network error)', {
      provider: PROVIDER_ID,
    });
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const { status } = error;
    const code = codeForStatus(status);
    const reason = cleanText(redactSecrets(reasonOf(error.error), [apiKey]), 160);
    const retryAfterMs =
      code === 'rate_limited' ? parseRetryAfter(error.headers?.get('retry-after')) : undefined;
    return new SearchError(code, `Perplexity ${WHAT[code]} (HTTP ${status})${reason ? `: ${reason}` : ''}`, {
      provider: PROVIDER_ID,
      status,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  }
  if (error instanceof SyntaxError) {
    return new SearchError('provider_error', 'Perplexity sent a malformed response (not JSON)', {
      provider: PROVIDER_ID,
    });
  }
  if (error instanceof TypeError) {
    // The connection dropped while the body was being read.
    return new SearchError('unavailable', 'Perplexity closed the connection mid-response', {
      provider: PROVIDER_ID,
    });
  }
  const kind = error instanceof Error ? error.name : typeof error;
  return new SearchError('provider_error', `Perplexity failed unexpectedly (${kind})`, {
    provider: PROVIDER_ID,
  });
}
