import {
  checkBaseUrl,
  checkMaxBodyBytes,
  type Env,
  missingApiKeyError,
  requestJsonApi,
  type SearchProviderV1,
  type SearchRequest,
} from '@agent-search/core';
import { braveCapabilities } from './definition.ts';
import { httpError, PROVIDER_ID } from './errors.ts';
import { BRAVE_ENDPOINTS, toBraveQuery } from './request.ts';
import { fromBraveResponse } from './response.ts';

export const DEFAULT_BASE_URL = 'https://api.search.brave.com';

export interface BraveProviderOptions {
  /** Brave Search API subscription token. Empty or missing: the provider reports `configured: false`. */
  apiKey: string | undefined;
  /** API base URL, for proxies and gateways. Default https://api.search.brave.com. */
  baseURL?: string | undefined;
  /** `fetch` to use (a proxy-aware one, or a test double). Default: the global `fetch` at call time. */
  fetch?: typeof fetch;
  /** Largest answer read, in bytes; a larger one fails as a provider error. Default 5 MB. */
  maxBodyBytes?: number;
}

/** Brave Search API: web, news and videos search (`GET /res/v1/{web,news,videos}/search`). */
export function createBraveProvider(options: BraveProviderOptions): SearchProviderV1 {
  const apiKey = options.apiKey?.trim() ?? '';
  const baseURL = checkBaseUrl(options.baseURL?.trim() || DEFAULT_BASE_URL, 'Brave baseURL');
  const limit = checkMaxBodyBytes(options.maxBodyBytes);
  const fetchImpl = options.fetch;

  async function search(request: SearchRequest, { signal }: { signal: AbortSignal }) {
    if (!apiKey)
      throw missingApiKeyError({ provider: PROVIDER_ID, name: 'Brave', apiKeyEnv: 'BRAVE_API_KEY' });
    const url = `${baseURL}${BRAVE_ENDPOINTS[request.mode]}?${new URLSearchParams({ ...toBraveQuery(request) })}`;
    const body = await requestJsonApi(
      url,
      { method: 'GET', headers: { Accept: 'application/json', 'X-Subscription-Token': apiKey } },
      {
        provider: PROVIDER_ID,
        name: 'Brave',
        signal,
        limit,
        ...(fetchImpl ? { fetch: fetchImpl } : {}),
        httpError: (response) => httpError(response.status, response.headers, response.text, apiKey),
      },
    );
    return fromBraveResponse(body, request.mode);
  }

  return {
    specificationVersion: 'v1',
    id: PROVIDER_ID,
    name: 'Brave',
    capabilities: braveCapabilities,
    configured: apiKey !== '',
    search,
  };
}

/** The provider configuration builds: `BRAVE_API_KEY`, and `BRAVE_BASE_URL` for a proxy or gateway. */
export function fromEnv(env: Env): SearchProviderV1 {
  return createBraveProvider({ apiKey: env.BRAVE_API_KEY, baseURL: env.BRAVE_BASE_URL });
}
