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
