import { httpStatusError, SearchError } from '@agent-search/core';
import { APIConnectionError, APIError } from '@perplexity-ai/perplexity_ai';

export const PROVIDER_ID = 'perplexity';

/**
 * Turns anything the SDK throws into a `SearchError` with a message we write. SDK errors are never kept as
 * the cause: their message and `error` field hold the upstream body, which may echo the key.
 */
export function toSearchError(error: unknown, apiKey: string): SearchError {
  if (SearchError.is(error)) return error;
  // Our fetch refused the answer (too large, redirected elsewhere): the SDK wraps that as a connection error.
  if (error instanceof APIConnectionError && SearchError.is(error.cause)) return error.cause;
  if (error instanceof APIConnectionError) {
    // Covers APIConnectionTimeoutError too: no response, so the SDK's own timeout counts as unreachable.
    return new SearchError('unavailable', 'Perplexity could not be reached (network error)', {
      provider: PROVIDER_ID,
    });
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    // `error.error` is the parsed body: core quotes its `{error: {message}}`, redacted and cut short.
    return httpStatusError({
      provider: PROVIDER_ID,
      name: 'Perplexity',
      status: error.status,
      headers: error.headers,
      body: error.error,
      secrets: [apiKey],
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
