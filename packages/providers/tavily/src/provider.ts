import {
  createJsonApiProvider,
  type Env,
  type JsonApiProviderOptions,
  jsonPost,
  readBoolean,
  type SearchProviderV1,
} from '@agent-search/core';
import { tavilyCapabilities } from './definition.ts';
import { httpError, PROVIDER_ID } from './errors.ts';
import { type TavilySearchDepth, toTavilyBody } from './request.ts';
import { fromTavilyResponse } from './response.ts';

export const DEFAULT_BASE_URL = 'https://api.tavily.com';

export interface TavilyProviderOptions extends JsonApiProviderOptions {
  /**
   * Tavily API key ("tvly-..."). Empty or missing: keyless mode when `keyless` is set, otherwise the
   * provider reports `configured: false`.
   */
  apiKey: string | undefined;
  /**
   * Without a key, search in Tavily's keyless mode (shared limits, no account) instead of not at all.
   * Default false here; `fromEnv` turns it on unless `TAVILY_KEYLESS` is false.
   */
  keyless?: boolean;
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
      keyless: options.keyless === true,
      request: (request, { baseURL, apiKey }) =>
        jsonPost(`${baseURL}/search`, toTavilyBody(request, searchDepth), {
          ...authHeaders(apiKey),
          'X-Client-Source': 'agent-search',
        }),
      response: (body) => fromTavilyResponse(body),
      httpError: (response, apiKey) => httpError(response.status, response.headers, response.text, apiKey),
    },
    options,
  );
}

/** The key as a Bearer token, or without one the header `@tavily/core` sends to ask for keyless mode. */
function authHeaders(apiKey: string): Record<string, string> {
  return apiKey ? { Authorization: `Bearer ${apiKey}` } : { 'X-Tavily-Access-Mode': 'keyless' };
}

/**
 * The provider configuration builds: `TAVILY_API_KEY`, keyless mode without it unless `TAVILY_KEYLESS` is
 * false, and `TAVILY_BASE_URL` for a proxy or gateway.
 */
export function fromEnv(env: Env): SearchProviderV1 {
  return createTavilyProvider({
    apiKey: env.TAVILY_API_KEY,
    keyless: readBoolean(env, 'TAVILY_KEYLESS', true),
    baseURL: env.TAVILY_BASE_URL,
  });
}
