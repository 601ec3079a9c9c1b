import {
  carryDeadline,
  type SearchClient,
  type SearchOptions,
  searchDeadline,
  timeLeft,
  wrapSearchClient,
} from '@agent-search/core';
import type { SearchRateLimits } from './rate-limits.ts';

export interface GlobalLimitLayerOptions {
  /** Clock for the deadline, for tests. */
  now?: () => number;
}

/**
 * `client` behind the global limit on upstream searches: each search waits in the limit's queue for its
 * turn (bounded in length and wait; `rate_limited` past either), and the wait counts against the search's
 * one deadline (the one a layer above fixed, else `timeoutMs`, else the client's), whose rest is what the
 * client gets. Under the cache, so only searches that reach the providers wait.
 */
export function withGlobalLimit(
  client: SearchClient,
  limits: Pick<SearchRateLimits, 'acquireUpstream'>,
  options: GlobalLimitLayerOptions = {},
): SearchClient {
  const now = options.now ?? Date.now;
  return wrapSearchClient(client, {
    async search(input, searchOptions: SearchOptions = {}) {
      const deadline = searchDeadline(searchOptions, client.timeoutMs, now);
      const { signal } = searchOptions;
      await limits.acquireUpstream(signal ?? new AbortController().signal, deadline?.left());
      if (deadline === undefined) return client.search(input, searchOptions);
      const left = timeLeft(deadline, 'waiting for its turn, before reaching a provider');
      return client.search(input, {
        ...searchOptions,
        signal: carryDeadline(signal, deadline),
        timeoutMs: left,
      });
    },
  });
}
