import {
  createJsonApiProvider,
  type Env,
  type JsonApiProviderOptions,
  type SearchProviderV1,
} from '@agent-search/core';
import { serpApiCapabilities } from './definition.ts';
import { httpError, PROVIDER_ID, secretsOf } from './errors.ts';
import { redactedFetch } from './redacted-fetch.ts';
import { SERPAPI_SEARCH_PATH, toSerpApiQuery } from './request.ts';
import { fromSerpApiResponse } from './response.ts';

export const DEFAULT_BASE_URL = 'https://serpapi.com';

export interface SerpApiProviderOptions extends JsonApiProviderOptions {
  /** SerpApi private key. Empty or missing: the provider reports `configured: false`. */
  apiKey: string | undefined;
}

/**
 * SerpApi's Google engine: web results and the News tab (`GET /search?engine=google`). SerpApi takes the
 * key only as the `api_key` query parameter, so the URL is a secret: it is redacted from quoted errors,
 * from SerpApi's own `error` text and from transport failures, and redirects never leave the origin.
 */
export function createSerpApiProvider(options: SerpApiProviderOptions): SearchProviderV1 {
  const secrets = secretsOf(options.apiKey?.trim() ?? '');
  return createJsonApiProvider(
    {
      id: PROVIDER_ID,
      name: 'SerpApi',
      capabilities: serpApiCapabilities,
      apiKeyEnv: 'SERPAPI_API_KEY',
      defaultBaseURL: DEFAULT_BASE_URL,
      request: (request, { baseURL, apiKey }) => ({
        url: `${baseURL}${SERPAPI_SEARCH_PATH}?${new URLSearchParams({ ...toSerpApiQuery(request), api_key: apiKey })}`,
        init: { method: 'GET', headers: { Accept: 'application/json' } },
      }),
      response: (body, request) => fromSerpApiResponse(body, request.mode, secrets),
      httpError: (response) => httpError(response.status, response.headers, response.text, secrets),
    },
    { ...options, fetch: redactedFetch(options.fetch, secrets) },
  );
}

/** The provider configuration builds: `SERPAPI_API_KEY`, and `SERPAPI_BASE_URL` for a proxy or gateway. */
export function fromEnv(env: Env): SearchProviderV1 {
  return createSerpApiProvider({ apiKey: env.SERPAPI_API_KEY, baseURL: env.SERPAPI_BASE_URL });
}
