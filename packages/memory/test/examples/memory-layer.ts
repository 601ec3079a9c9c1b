import type { SearchClient } from '@agent-search/core';
import {
  createSearchMemory,
  createTraceLog,
  type FindingStore,
  type TraceStore,
  trustMemoryPolicy,
  withSearchMemory,
} from '@agent-search/memory';

/** Elena's search client: her memory in front of any client (a cache's `wrap`, `loadSearchConfig`'s). */
export function elenasClient(
  client: SearchClient,
  store: FindingStore & TraceStore,
  trustOf: (userId?: string) => number,
) {
  const memory = createSearchMemory({ botId: 'elena', botName: 'Elena', scope: 'shared', store });
  return withSearchMemory(client, {
    memory,
    // Who may teach the bot: the caller's trust tier (friends and closer), decided per search.
    policy: ({ options }) => ({ ...trustMemoryPolicy(trustOf(options.userId)), maxAgeMs: 7 * 86_400_000 }),
    traces: createTraceLog({ botId: 'elena', store }),
  });
}
