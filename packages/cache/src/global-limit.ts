import { type SearchClient, SearchError, type SearchOptions, wrapSearchClient } from '@agent-search/core';
import type { SearchRateLimits } from './rate-limits.ts';

export interface GlobalLimitLayerOptions {
  /** Clock for the deadline, for tests. */
  now?: () => number;
}

/**
 * `client` behind the global limit on upstream searches: each search waits in the limit's queue for its
 * turn (bounded in length and wait; `rate_limited` past either), and the wait counts against the search's
 * deadline (`timeoutMs`, or the client's), whose rest is what the client gets. Under the cache, so only
 * searches that reach the providers wait.
 */
export function withGlobalLimit(
  client: SearchClient,
  limits: Pick<SearchRateLimits, 'acquireUpstream'>,
  options: GlobalLimitLayerOptions = {},
): SearchClient {
  const now = options.now ?? Date.now;
  return wrapSearchClient(client, {
    async search(input, searchOptions: SearchOptions = {}) {
      const started = now();
      const deadlineMs = searchOptions.timeoutMs ?? client.timeoutMs;
      const leftMs = () => (deadlineMs === undefined ? undefined : deadlineMs - (now() - started));
      await limits.acquireUpstream(searchOptions.signal ?? new AbortController().signal, leftMs());
      const left = leftMs();
      if (left !== undefined && left <= 0) {
        throw new SearchError(
          'timeout',
          `The search used its ${deadlineMs} ms deadline waiting for its turn, before reaching a provider`,
        );
      }
      return client.search(input, {
        ...searchOptions,
        ...(left === undefined ? {} : { timeoutMs: left }),
      });
    },
  });
}
