import {
  boundedFetch,
  checkMaxBodyBytes,
  type Env,
  SearchError,
  type SearchProviderV1,
  type SearchRequest,
} from '@agent-search/core';
import Perplexity from '@perplexity-ai/perplexity_ai';
import { perplexityCapabilities } from './definition.ts';
import { PROVIDER_ID, toSearchError } from './errors.ts';
import { toSearchParams } from './request.ts';
import { fromPerplexityResponse } from './response.ts';

export const DEFAULT_BASE_URL = 'https://api.perplexity.ai';

export interface PerplexityProviderOptions {
  /** Perplexity API key ("pplx-..."). Empty or missing: the provider reports `configured: false`. */
  apiKey: string | undefined;
  /** API base URL, for proxies and gateways. Default https://api.perplexity.ai. */
  baseURL?: string | undefined;
  /** `fetch` to use (a proxy-aware one, or a test double). Default: the global `fetch` at call time. */
  fetch?: typeof fetch;
  /** Largest answer read, in bytes; a larger one fails as a provider error. Default 5 MB. */
  maxBodyBytes?: number;
  /** Page text Perplexity extracts per result; snippets are cut to 1,000 characters anyway. Default 512. */
  maxTokensPerPage?: number;
}

/** Perplexity Search API (`POST /search`, ranked web results) through the official SDK. */
export function createPerplexityProvider(options: PerplexityProviderOptions): SearchProviderV1 {
  const apiKey = options.apiKey?.trim() ?? '';
  const maxTokensPerPage = options.maxTokensPerPage ?? 512;
  const limit = checkMaxBodyBytes(options.maxBodyBytes);
  // Built only with a key: the SDK throws without one, and reads PERPLEXITY_* env vars for anything unset.
  const client = apiKey
    ? new Perplexity({
        apiKey,
        baseURL: options.baseURL?.trim() || DEFAULT_BASE_URL,
        // The client's provider chain decides about retries and deadlines, not the SDK.
        maxRetries: 0,
        logLevel: 'off',
        // Same-origin redirects only (the key never goes elsewhere), the body bounded and read within the
        // signal. The global fetch is resolved per call, so one patched later (msw, instrumentation) is used.
        fetch: boundedFetch({ provider: PROVIDER_ID, name: 'Perplexity', limit, fetch: options.fetch }),
      })
    : undefined;

  async function search(request: SearchRequest, { signal }: { signal: AbortSignal }) {
    if (!client) {
      throw new SearchError('unauthorized', 'Perplexity API key is missing: set PERPLEXITY_API_KEY', {
        provider: PROVIDER_ID,
        retryable: false,
      });
    }
    let body: unknown;
    try {
      body = await client.search.create(toSearchParams(request, maxTokensPerPage), { signal });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw toSearchError(error, apiKey);
    }
    return fromPerplexityResponse(body);
  }

  return {
    specificationVersion: 'v1',
    id: PROVIDER_ID,
    name: 'Perplexity',
    capabilities: perplexityCapabilities,
    configured: client !== undefined,
    search,
  };
}

/** The provider configuration builds: `PERPLEXITY_API_KEY`, and `PERPLEXITY_BASE_URL` for a proxy or gateway. */
export function fromEnv(env: Env): SearchProviderV1 {
  return createPerplexityProvider({ apiKey: env.PERPLEXITY_API_KEY, baseURL: env.PERPLEXITY_BASE_URL });
}
