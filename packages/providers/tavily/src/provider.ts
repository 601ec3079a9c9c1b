import {
  checkMaxBodyBytes,
  type Env,
  missingApiKeyError,
  requestJsonApi,
  type SearchProviderV1,
  type SearchRequest,
} from '@agent-search/core';
import { tavilyCapabilities } from './definition.ts';
import { httpError, PROVIDER_ID } from './errors.ts';
import { type TavilySearchDepth, toTavilyBody } from './request.ts';
import { fromTavilyResponse } from './response.ts';

export const DEFAULT_BASE_URL = 'https://api.tavily.com';

export interface TavilyProviderOptions {
  /** Tavily API key ("tvly-..."). Empty or missing: the provider reports `configured: false`. */
  apiKey: string | undefined;
  /** API base URL, for proxies and gateways. Default https://api.tavily.com. */
  baseURL?: string | undefined;
  /** `fetch` to use (a proxy-aware one, or a test double). Default: the global `fetch` at call time. */
  fetch?: typeof fetch;
  /** Largest answer read, in bytes; a larger one fails as a provider error. Default 5 MB. */
  maxBodyBytes?: number;
  /** "basic" (1 credit, default), "advanced" (2 credits, better snippets), "fast" or "ultra-fast". */
  searchDepth?: TavilySearchDepth;
}

/**
 * Tavily web and news search. Calls `POST {baseURL}/search` directly with the body `@tavily/core`
 * sends, because the SDK drops the HTTP status, Retry-After and AbortSignal that failover needs.
 */
export function createTavilyProvider(options: TavilyProviderOptions): SearchProviderV1 {
  const apiKey = options.apiKey?.trim() ?? '';
  const endpoint = `${(options.baseURL?.trim() || DEFAULT_BASE_URL).replace(/\/+$/, '')}/search`;
  const searchDepth = options.searchDepth ?? 'basic';
  const maxBodyBytes = checkMaxBodyBytes(options.maxBodyBytes);
  // Resolved per call, so a fetch patched after construction (msw, instrumentation) is honoured.
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function search(request: SearchRequest, { signal }: { signal: AbortSignal }) {
    if (!apiKey)
      throw missingApiKeyError({ provider: PROVIDER_ID, name: 'Tavily', apiKeyEnv: 'TAVILY_API_KEY' });
    // Same-origin redirects only (the key never goes elsewhere), the body bounded and read within the signal.
    const body = await requestJsonApi(
      endpoint,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${apiKey}`,
          'X-Client-Source': 'agent-search',
        },
        body: JSON.stringify(toTavilyBody(request, searchDepth)),
      },
      {
        provider: PROVIDER_ID,
        name: 'Tavily',
        fetch: fetchImpl,
        signal,
        limit: maxBodyBytes,
        httpError: (response) => httpError(response.status, response.headers, response.text, apiKey),
      },
    );
    return fromTavilyResponse(body);
  }

  return {
    specificationVersion: 'v1',
    id: PROVIDER_ID,
    name: 'Tavily',
    capabilities: tavilyCapabilities,
    configured: apiKey !== '',
    search,
  };
}

/** The provider configuration builds: `TAVILY_API_KEY`, and `TAVILY_BASE_URL` for a proxy or gateway. */
export function fromEnv(env: Env): SearchProviderV1 {
  return createTavilyProvider({ apiKey: env.TAVILY_API_KEY, baseURL: env.TAVILY_BASE_URL });
}
