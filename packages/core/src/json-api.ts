import { SearchError } from './errors.ts';
import { networkErrorCode } from './http.ts';
import { JsonShapeError, parseBoundedJson } from './json-shape.ts';
import type { ProviderCapabilities, ProviderResponse, SearchProviderV1 } from './provider.ts';
import type { SearchRequest } from './request.ts';
import {
  checkBaseUrl,
  checkMaxBodyBytes,
  fetchUpstream,
  type UpstreamFetchOptions,
  type UpstreamResponse,
} from './upstream-fetch.ts';

export interface JsonApiOptions extends UpstreamFetchOptions {
  /** The `SearchError` for a non-2xx answer (usually `httpStatusError` with the provider's own statuses). */
  httpError: (response: UpstreamResponse) => SearchError;
}

/**
 * One call to a provider's JSON API through `fetchUpstream` (same-origin redirects, bounded body, the
 * signal over the whole exchange), mapped to the errors every API provider raises: an abort rejects with
 * the signal's reason, a network failure is `unavailable`, a non-2xx answer is `httpError(response)`, a
 * body that is not JSON, or past `JSON_SHAPE_LIMITS` (checked before it is parsed), is `provider_error`.
 * Resolves with the parsed body, still unchecked.
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
    return parseBoundedJson(response.text);
  } catch (error) {
    if (error instanceof JsonShapeError) {
      throw new SearchError(
        'provider_error',
        `${name} sent a response too complex to read (${error.message})`,
        {
          provider,
          status: response.status,
        },
      );
    }
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

/** The options every keyed JSON API provider takes (each provider's own options extend these). */
export interface JsonApiProviderOptions {
  /** The API key. Empty or missing: the provider reports `configured: false` and sends nothing. */
  apiKey: string | undefined;
  /** API base URL, for proxies and gateways. Default: the provider's own. */
  baseURL?: string | undefined;
  /** `fetch` to use (a proxy-aware one, or a test double). Default: the global `fetch` at call time. */
  fetch?: typeof fetch;
  /** Largest answer read, in bytes; a larger one fails as a provider error. Default 5 MB. */
  maxBodyBytes?: number;
}

/** What makes one keyed JSON API a provider: how to ask it, how to read its answer and its errors. */
export interface JsonApiProviderSpec {
  id: string;
  name: string;
  capabilities: ProviderCapabilities;
  /** The key's environment variable, named in the error for a search without a key. */
  apiKeyEnv: string;
  defaultBaseURL: string;
  /**
   * The API also answers without a key (a keyless mode with shared limits) and the options ask for it:
   * without a key the provider is configured and `request` gets an empty `apiKey`, to build the keyless call.
   */
  keyless?: boolean;
  /** The HTTP request for one search; `baseURL` has no trailing slash; `apiKey` is empty in keyless mode. */
  request(request: SearchRequest, context: { baseURL: string; apiKey: string }): JsonApiRequest;
  /** The parsed answer as the provider's response; a `provider_error` when it is not the expected shape. */
  response(body: unknown, request: SearchRequest): ProviderResponse;
  /** The error for a non-2xx answer; `apiKey` is to be redacted from anything quoted. */
  httpError(response: UpstreamResponse, apiKey: string): SearchError;
}

export interface JsonApiRequest {
  url: string;
  init: RequestInit;
}

/** A POST of `body` as JSON to `url`, asking for JSON back; `headers` add the API's own (its key, its client tag). */
export function jsonPost(url: string, body: unknown, headers: Record<string, string> = {}): JsonApiRequest {
  return {
    url,
    init: {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    },
  };
}

/**
 * A provider for a keyed JSON search API: options checked once (base URL, body limit), the key checked
 * before any request, one `requestJsonApi` call per search. The spec holds only what is the API's own.
 */
export function createJsonApiProvider(
  spec: JsonApiProviderSpec,
  options: JsonApiProviderOptions,
): SearchProviderV1 {
  const apiKey = options.apiKey?.trim() ?? '';
  const baseURL = checkBaseUrl(options.baseURL?.trim() || spec.defaultBaseURL, `${spec.name} baseURL`);
  const limit = checkMaxBodyBytes(options.maxBodyBytes);
  const { id: provider, name } = spec;
  const keyless = apiKey === '' && spec.keyless === true;

  async function search(request: SearchRequest, { signal }: { signal: AbortSignal }) {
    // Checked before any request: a missing key is a configuration problem, not the API's answer.
    if (!apiKey && !keyless) throw missingApiKeyError({ provider, name, apiKeyEnv: spec.apiKeyEnv });
    const { url, init } = spec.request(request, { baseURL, apiKey });
    const body = await requestJsonApi(url, init, {
      provider,
      name,
      signal,
      limit,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      httpError: (response) => spec.httpError(response, apiKey),
    });
    return spec.response(body, request);
  }

  return {
    specificationVersion: 'v1',
    id: provider,
    name,
    capabilities: spec.capabilities,
    configured: apiKey !== '' || keyless,
    ...(keyless ? { keyless: true } : {}),
    search,
  };
}
