import {
  cleanText,
  codeForHttpStatus,
  isNetworkError,
  networkErrorCode,
  redactSecrets,
  SearchError,
  type SearchErrorCode,
} from '@agent-search/core';

/** The fields of exa-js's `ExaError` we read (recognised by name, so a second copy of exa-js still matches). */
interface ExaErrorLike {
  name: 'ExaError';
  message: string;
  statusCode: number;
}

function isExaError(error: unknown): error is ExaErrorLike {
  return (
    error instanceof Error &&
    error.name === 'ExaError' &&
    typeof (error as { statusCode?: unknown }).statusCode === 'number'
  );
}

const STATUS_MESSAGES: Partial<Record<SearchErrorCode, string>> = {
  unauthorized: 'Exa rejected the API key',
  quota_exceeded: 'Exa credits or the API key budget are exhausted',
  rate_limited: 'Exa rate limit reached',
  unavailable: 'Exa is unavailable',
};

/**
 * Turns whatever exa-js threw into a `SearchError` with a message written here: upstream text is kept
 * only for 400s (it says what to fix), redacted and shortened. No `cause` is attached, so loggers that
 * print causes cannot print an upstream message that echoes the key.
 */
export function toExaSearchError(error: unknown, apiKey: string): SearchError {
  if (SearchError.is(error)) return error;
  if (isExaError(error)) {
    const status = error.statusCode;
    if (status >= 200 && status < 300) {
      return new SearchError('provider_error', 'Exa answered with a body that is not JSON', {
        provider: 'exa',
        status,
      });
    }
    const code = codeForHttpStatus(status);
    let message = STATUS_MESSAGES[code] ?? `Exa failed with HTTP ${status}`;
    if (code === 'invalid_request') {
      const detail = cleanText(redactSecrets(error.message, [apiKey]), 200);
      message = detail ? `Exa rejected the request: ${detail}` : 'Exa rejected the request';
    }
    return new SearchError(code, `${message} (HTTP ${status})`, { provider: 'exa', status });
  }
  // exa-js calls fetch, which fails with a TypeError whatever the socket code (or none, with msw).
  if (error instanceof TypeError || isNetworkError(error)) {
    const code = networkErrorCode(error);
    return new SearchError('unavailable', `Could not reach Exa${code ? ` (${code})` : ''}`, {
      provider: 'exa',
    });
  }
  const kind = error instanceof Error ? error.name : typeof error;
  return new SearchError('provider_error', `Exa failed unexpectedly (${kind})`, { provider: 'exa' });
}
