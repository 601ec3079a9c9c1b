import {
  checkBaseUrl,
  checkMaxBodyBytes,
  type Env,
  requestJsonApi,
  SearchError,
  type SearchProviderV1,
  type SearchRequest,
} from '@agent-search/core';
import { searxngCapabilities } from './definition.ts';
import { httpError, PROVIDER_ID } from './errors.ts';
import { toSearxngQuery } from './request.ts';
import { fromSearxngResponse } from './response.ts';

export interface SearxngProviderOptions {
  /** The instance's URL ("http://127.0.0.1:8888", "https://search.example.org/searxng"). Missing: `configured` is false. */
  baseURL: string | undefined;
  /** `fetch` to use (a proxy-aware one, or a test double). Default: the global `fetch` at call time. */
  fetch?: typeof fetch;
  /** Largest answer read, in bytes; a larger one fails as a provider error. Default 5 MB. */
  maxBodyBytes?: number;
}

/** A self-hosted SearXNG instance's JSON API (`GET /search?format=json`): web, news and videos, no key. */
export function createSearxngProvider(options: SearxngProviderOptions): SearchProviderV1 {
  const raw = options.baseURL?.trim();
  const instance = raw ? checkBaseUrl(raw, 'SearXNG baseURL') : undefined;
  const endpoint = `${instance ?? ''}/search`;
  const host = instance ? new URL(instance).host : '';
  const limit = checkMaxBodyBytes(options.maxBodyBytes);
  const fetchImpl = options.fetch;

  async function search(request: SearchRequest, { signal }: { signal: AbortSignal }) {
    if (!instance) {
      throw new SearchError('invalid_request', 'SearXNG has no instance to ask: set SEARXNG_URL', {
        provider: PROVIDER_ID,
        retryable: false,
      });
    }
    const body = await requestJsonApi(
      `${endpoint}?${new URLSearchParams({ ...toSearxngQuery(request) })}`,
      { method: 'GET', headers: { Accept: 'application/json' } },
      {
        provider: PROVIDER_ID,
        name: `The SearXNG instance at ${host}`,
        signal,
        limit,
        ...(fetchImpl ? { fetch: fetchImpl } : {}),
        httpError: (response) => httpError(response.status, response.headers, host),
      },
    );
    return fromSearxngResponse(body);
  }

  return {
    specificationVersion: 'v1',
    id: PROVIDER_ID,
    name: 'SearXNG',
    capabilities: searxngCapabilities,
    configured: instance !== undefined,
    search,
  };
}

/** The provider configuration builds: the instance at `SEARXNG_URL`. */
export function fromEnv(env: Env): SearchProviderV1 {
  return createSearxngProvider({ baseURL: env.SEARXNG_URL });
}
