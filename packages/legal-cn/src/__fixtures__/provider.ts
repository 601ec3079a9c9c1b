import { type SearchProvider, SearchError } from '@agent-search/core';

export const FIXTURE_API = 'https://api.search.test/search';

interface ExaLikeResponse {
  requestId: string;
  results: { id: string; title: string; url: string; publishedDate?: string; text?: string }[];
}

/**
 * A tiny provider for tests: posts the request to FIXTURE_API (answered by msw) and maps an Exa-like
 * response ({ results: [{ title, url, publishedDate, text }] }) onto raw results, page text as snippet.
 */
export function createFixtureProvider(): SearchProvider {
  return {
    specificationVersion: 'v1',
    id: 'fixture',
    name: 'Fixture',
    configured: true,
    capabilities: {
      modes: ['text', 'news'],
      timeRange: true,
      domainFilter: 'native',
      safeSearch: false,
      region: false,
      requiresApiKey: false,
    },
    async search(request, { signal }) {
      const response = await fetch(FIXTURE_API, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: request.query,
          numResults: request.maxResults,
          includeDomains: request.includeDomains,
          profile: request.profile,
        }),
        signal,
      });
      if (!response.ok) throw new SearchError('unavailable', `fixture answered ${response.status}`);
      const body = (await response.json()) as ExaLikeResponse;
      return {
        results: body.results.map((r) => ({
          title: r.title,
          url: r.url,
          snippet: r.text,
          publishedAt: r.publishedDate,
        })),
      };
    },
  };
}
