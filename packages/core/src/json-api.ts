import { SearchError } from './errors.ts';
import { networkErrorCode } from './http.ts';
import { fetchUpstream, type UpstreamFetchOptions, type UpstreamResponse } from './upstream-fetch.ts';

export interface JsonApiOptions extends UpstreamFetchOptions {
  /** The `SearchError` for a non-2xx answer (usually `httpStatusError` with the provider's own statuses). */
  httpError: (response: UpstreamResponse) => SearchError;
}

/**
 * One call to a provider's JSON API through `fetchUpstream` (same-origin redirects, bounded body, the
 * signal over the whole exchange), mapped to the errors every API provider raises: an abort rejects with
 * the signal's reason, a network failure is `unavailable`, a non-2xx answer is `httpError(response)`, a
 * body that is not JSON is `provider_error`. Resolves with the parsed body, still unchecked.
 */
export async function requestJsonApi(
  url: string,
  init: RequestInit,
  options: JsonApiOptions,
): Promise<unknown> {
  const { provider, name, signal } = options;
  let response: UpstreamResponse;
  try {
    response = await fetchUpstream(url, init, options);
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (SearchError.is(error)) throw error;
    const code = networkErrorCode(error);
    // Network failures carry no response data, so the cause cannot hold a key.
    throw new SearchError(
      'unavailable',
      `${name} could not be reached (network error${code ? `: ${code}` : ''})`,
      {
        provider,
        cause: error,
      },
    );
  }
  if (!response.ok) throw options.httpError(response);
  try {
    return JSON.parse(response.text) as unknown;
  } catch {
    throw new SearchError('provider_error', `${name} sent a malformed response (not JSON)`, {
      provider,
      status: response.status,
    });
  }
}

/** The error for a search on a provider whose key is not set: `unauthorized`, naming the variable. */
export function missingApiKeyError(options: {
  provider: string;
  name: string;
  apiKeyEnv: string;
}): SearchError {
  return new SearchError('unauthorized', `${options.name} API key is missing: set ${options.apiKeyEnv}`, {
    provider: options.provider,
    retryable: false,
  });
}
