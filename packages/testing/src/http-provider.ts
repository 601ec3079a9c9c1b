import {
  type ProviderCapabilities,
  SearchError,
  type SearchErrorCode,
  type SearchProviderV1,
  type SearchRequest,
} from '@agent-search/core';

export interface HttpTestProviderOptions {
  id: string;
  /** Endpoint the provider POSTs the normalized request to (served by msw or a loopback server). */
  url: string;
  capabilities?: Partial<ProviderCapabilities>;
  configured?: boolean;
}

const STATUS_CODES: Record<number, SearchErrorCode> = {
  400: 'invalid_request',
  401: 'unauthorized',
  402: 'quota_exceeded',
  403: 'blocked',
  429: 'rate_limited',
};

/**
 * A minimal real provider for tests of code above the provider layer (client, cache, tools): it speaks
 * HTTP like every provider does, so tests mock only the network edge. The upstream answers
 * `{ results: RawResult[] }` as JSON; HTTP failures map to codes the way real providers map them.
 */
export function createHttpTestProvider(options: HttpTestProviderOptions): SearchProviderV1 {
  const { id, url } = options;
  return {
    specificationVersion: 'v1',
    id,
    name: id,
    configured: options.configured ?? true,
    capabilities: {
      modes: ['text', 'news', 'videos'],
      timeRange: true,
      domainFilter: 'native',
      safeSearch: true,
      region: true,
      requiresApiKey: false,
      ...options.capabilities,
    },
    async search(request: SearchRequest, { signal }) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(request),
          signal,
        });
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        throw new SearchError('unavailable', `${id} could not be reached`, { provider: id, cause: error });
      }
      if (!response.ok) {
        const retryAfter = Number(response.headers.get('retry-after'));
        const code =
          STATUS_CODES[response.status] ?? (response.status >= 500 ? 'unavailable' : 'provider_error');
        throw new SearchError(code, `${id} answered HTTP ${response.status}`, {
          provider: id,
          status: response.status,
          ...(retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}),
        });
      }
      const body = (await response.json().catch(() => null)) as { results?: unknown } | null;
      if (!body || !Array.isArray(body.results)) {
        throw new SearchError('provider_error', `${id} sent a malformed body`, { provider: id });
      }
      return { results: body.results };
    },
  };
}
