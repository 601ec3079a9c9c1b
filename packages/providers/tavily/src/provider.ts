import {
  createJsonApiProvider,
  type Env,
  type JsonApiProviderOptions,
  type SearchProviderV1,
} from '@agent-search/core';
import { tavilyCapabilities } from './definition.ts';
import { httpError, PROVIDER_ID } from './errors.ts';
import { type TavilySearchDepth, toTavilyBody } from './request.ts';
import { fromTavilyResponse } from './response.ts';

export const DEFAULT_BASE_URL = 'https://api.tavily.com';

export interface TavilyProviderOptions extends JsonApiProviderOptions {
  /** Tavily API key ("tvly-..."). Empty or missing: the provider reports `configured: false`. */
  apiKey: string | undefined;
  /** "basic" (1 credit, default), "advanced" (2 credits, better snippets), "fast" or "ultra-fast". */
  searchDepth?: TavilySearchDepth;
}

/**
 * Tavily web and news search. Calls `POST {baseURL}/search` directly with the body `@tavily/core`
 * sends, because the SDK drops the HTTP status, Retry-After and AbortSignal that failover needs.
 */
export function createTavilyProvider(options: TavilyProviderOptions): SearchProviderV1 {
  const searchDepth = options.searchDepth ?? 'basic';
  return createJsonApiProvider(
    {
      id: PROVIDER_ID,
      name: 'Tavily',
      capabilities: tavilyCapabilities,
      apiKeyEnv: 'TAVILY_API_KEY',
      defaultBaseURL: DEFAULT_BASE_URL,
      request: (request, { baseURL, apiKey }) => ({
        url: `${baseURL}/search`,
        init: {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${apiKey}`,
            'X-Client-Source': 'agent-search',
          },
          body: JSON.stringify(toTavilyBody(request, searchDepth)),
        },
      }),
      response: (body) => fromTavilyResponse(body),
      httpError: (response, apiKey) => httpError(response.status, response.headers, response.text, apiKey),
    },
    options,
  );
}

/** The provider configuration builds: `TAVILY_API_KEY`, and `TAVILY_BASE_URL` for a proxy or gateway. */
export function fromEnv(env: Env): SearchProviderV1 {
  return createTavilyProvider({ apiKey: env.TAVILY_API_KEY, baseURL: env.TAVILY_BASE_URL });
}
