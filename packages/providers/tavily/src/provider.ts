import {
  checkMaxBodyBytes,
  type Env,
  fetchUpstream,
  SearchError,
  type SearchProviderV1,
  type SearchRequest,
  type UpstreamResponse,
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
    if (!apiKey) {
      throw new SearchError('unauthorized', 'Tavily API key is missing: set TAVILY_API_KEY', {
        provider: PROVIDER_ID,
        retryable: false,
      });
    }
    let response: UpstreamResponse;
    try {
      // Same-origin redirects only (the key never goes elsewhere), the body bounded and read within the signal.
      response = await fetchUpstream(
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
        { provider: PROVIDER_ID, name: 'Tavily', fetch: fetchImpl, signal, limit: maxBodyBytes },
      );
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (SearchError.is(error)) throw error;
      // Network failures carry no response data, so the cause cannot hold the key.
      throw new SearchError('unavailable', 'Tavily could not be reached (network error)', {
        provider: PROVIDER_ID,
        cause: error,
      });
    }
    if (!response.ok) throw httpError(response.status, response.headers, response.text, apiKey);
    let body: unknown;
    try {
      body = JSON.parse(response.text);
    } catch {
      throw new SearchError('provider_error', 'Tavily sent a malformed response (not JSON)', {
        provider: PROVIDER_ID,
        status: response.status,
      });
    }
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
