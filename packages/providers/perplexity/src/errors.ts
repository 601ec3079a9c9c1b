import {
  cleanText,
  codeForHttpStatus,
  ERROR_PHRASES,
  parseRetryAfter,
  redactSecrets,
  SearchError,
} from '@agent-search/core';
import { APIConnectionError, APIError } from '@perplexity-ai/perplexity_ai';

export const PROVIDER_ID = 'perplexity';

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
    const code = codeForHttpStatus(status);
    const reason = cleanText(redactSecrets(reasonOf(error.error), [apiKey]), 160);
    const retryAfterMs =
      code === 'rate_limited' ? parseRetryAfter(error.headers?.get('retry-after')) : undefined;
    return new SearchError(
      code,
      `Perplexity ${ERROR_PHRASES[code]} (HTTP ${status})${reason ? `: ${reason}` : ''}`,
      {
        provider: PROVIDER_ID,
        status,
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      },
    );
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
