import {
  createJsonApiProvider,
  type Env,
  type JsonApiProviderOptions,
  type SearchProviderV1,
} from '@agent-search/core';
import { braveCapabilities } from './definition.ts';
import { httpError, PROVIDER_ID } from './errors.ts';
import { BRAVE_ENDPOINTS, toBraveQuery } from './request.ts';
import { fromBraveResponse } from './response.ts';

export const DEFAULT_BASE_URL = 'https://api.search.brave.com';

export interface BraveProviderOptions extends JsonApiProviderOptions {
  /** Brave Search API subscription token. Empty or missing: the provider reports `configured: false`. */
  apiKey: string | undefined;
}

/** Brave Search API: web, news and videos search (`GET /res/v1/{web,news,videos}/search`). */
export function createBraveProvider(options: BraveProviderOptions): SearchProviderV1 {
  return createJsonApiProvider(
    {
      id: PROVIDER_ID,
      name: 'Brave',
      capabilities: braveCapabilities,
      apiKeyEnv: 'BRAVE_API_KEY',
      defaultBaseURL: DEFAULT_BASE_URL,
      request: (request, { baseURL, apiKey }) => ({
        url: `${baseURL}${BRAVE_ENDPOINTS[request.mode]}?${new URLSearchParams({ ...toBraveQuery(request) })}`,
        init: { method: 'GET', headers: { Accept: 'application/json', 'X-Subscription-Token': apiKey } },
      }),
      response: (body, request) => fromBraveResponse(body, request.mode),
      httpError: (response, apiKey) => httpError(response.status, response.headers, response.text, apiKey),
    },
    options,
  );
}

/** The provider configuration builds: `BRAVE_API_KEY`, and `BRAVE_BASE_URL` for a proxy or gateway. */
export function fromEnv(env: Env): SearchProviderV1 {
  return createBraveProvider({ apiKey: env.BRAVE_API_KEY, baseURL: env.BRAVE_BASE_URL });
}
