import {
  checkBaseUrl,
  checkMaxBodyBytes,
  type Env,
  missingApiKeyError,
  requestJsonApi,
  type SearchProviderV1,
  type SearchRequest,
} from '@agent-search/core';
import { exaCapabilities } from './definition.ts';
import { httpError, PROVIDER_ID } from './errors.ts';
import { type ExaSearchType, toExaSearchOptions } from './request.ts';
import { parseExaResponse } from './response.ts';

export const EXA_DEFAULT_BASE_URL = 'https://api.exa.ai';

export interface ExaProviderOptions {
  /** Exa API key (sent as `x-api-key`). Empty or missing: the provider reports `configured: false`. */
  apiKey: string | undefined;
  /** API base URL, for proxies, gateways and test servers. Default `https://api.exa.ai`. */
  baseURL?: string | undefined;
  /** Exa search type. Default: Exa's own ("auto"); "fast" trades some quality for latency. */
  searchType?: ExaSearchType;
  /** `fetch` to use (a proxy-aware one, or a test double). Default: the global `fetch` at call time. */
  fetch?: typeof fetch;
  /** Largest answer read, in bytes; a larger one fails as a provider error. Default 5 MB. */
  maxBodyBytes?: number;
}

/**
 * Exa (exa.ai) neural web and news search: `POST {baseURL}/search` with the body and `x-api-key` header
 * exa-js sends (a contract test keeps them equal), called through core's `requestJsonApi` rather than
 * exa-js because exa-js takes no AbortSignal, follows redirects to any origin with the key, and reads
 * bodies of any size.
 */
export function createExaProvider(options: ExaProviderOptions): SearchProviderV1 {
  const apiKey = options.apiKey?.trim() ?? '';
  const baseURL = checkBaseUrl(options.baseURL?.trim() || EXA_DEFAULT_BASE_URL, 'Exa baseURL');
  const limit = checkMaxBodyBytes(options.maxBodyBytes);
  const fetchImpl = options.fetch;

  async function search(request: SearchRequest, { signal }: { signal: AbortSignal }) {
    // Checked before any request: a missing key is a configuration problem, not Exa's answer.
    if (!apiKey) throw missingApiKeyError({ provider: PROVIDER_ID, name: 'Exa', apiKeyEnv: 'EXA_API_KEY' });
    const body = toExaSearchOptions(request, { type: options.searchType, now: Date.now() });
    const answer = await requestJsonApi(
      `${baseURL}/search`,
      {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'Content-Type': 'application/json', 'User-Agent': 'agent-search' },
        body: JSON.stringify({ query: request.query, ...body }),
      },
      {
        provider: PROVIDER_ID,
        name: 'Exa',
        signal,
        limit,
        ...(fetchImpl ? { fetch: fetchImpl } : {}),
        httpError: (response) => httpError(response.status, response.headers, response.text, apiKey),
      },
    );
    return parseExaResponse(answer);
  }

  return {
    specificationVersion: 'v1',
    id: PROVIDER_ID,
    name: 'Exa',
    capabilities: exaCapabilities,
    configured: apiKey !== '',
    search,
  };
}

/** The provider configuration builds: `EXA_API_KEY`, and `EXA_BASE_URL` for a proxy or gateway. */
export function fromEnv(env: Env): SearchProviderV1 {
  return createExaProvider({ apiKey: env.EXA_API_KEY, baseURL: env.EXA_BASE_URL });
}
