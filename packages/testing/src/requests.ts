import { isSearchError, normalizeRequest, type SearchError, type SearchRequest } from '@agent-search/core';

/**
 * A normalized request for calling a provider directly. The defaults come from core's `normalizeRequest`,
 * so they stay in step with what providers receive through the client.
 */
export function searchRequest(overrides: Partial<SearchRequest> = {}): SearchRequest {
  return { ...normalizeRequest({ query: 'test query' }), ...overrides };
}

/** The `SearchError` a promise rejects with; fails the test if it resolves or rejects with anything else. */
export async function searchFailure(promise: Promise<unknown>): Promise<SearchError> {
  try {
    await promise;
  } catch (error) {
    if (isSearchError(error)) return error;
    throw new Error(`expected a SearchError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected the search to fail with a SearchError, but it succeeded');
}

/**
 * The requests an SDK contract test sends through both the official SDK and the provider, to show the
 * provider sends what the SDK would: a plain search, news with every filter, and one asking for page text.
 */
export function contractRequests(): [string, SearchRequest][] {
  return [
    ['plain text search', searchRequest({ query: 'q' })],
    [
      'news with every filter',
      searchRequest({
        query: 'ecb rates',
        mode: 'news',
        maxResults: 3,
        timeRange: 'm',
        region: 'de-de',
        safeSearch: 'strict',
        includeDomains: ['reuters.com'],
        excludeDomains: ['example.org'],
      }),
    ],
    ['with page text', searchRequest({ query: 'tokio runtime shutdown', includeContent: true })],
  ];
}
