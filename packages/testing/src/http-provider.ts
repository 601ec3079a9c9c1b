import {
  httpStatusError,
  type ProviderCapabilities,
  SearchError,
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
        // Like a scraper's upstream, a 403 here means "blocked" (API providers read it as unauthorized).
        throw httpStatusError({
          provider: id,
          name: id,
          status: response.status,
          headers: response.headers,
          overrides: { 403: 'blocked' },
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
