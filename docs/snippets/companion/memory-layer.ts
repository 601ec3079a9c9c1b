import { createSearchClient, type SearchClient } from '@agent-search/core';
import {
  createSearchMemory,
  createTraceLog,
  type FindingStore,
  MemoryFindingStore,
  type TraceStore,
  trustMemoryPolicy,
  withSearchMemory,
} from '@agent-search/memory';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';

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

// Mark is a friend (trust 50): what his search finds, Elena keeps; a stranger (trust 5) is then answered
// from her memory, without a search.
const trust = (userId?: string) => (userId === 'mark' ? 50 : 5);
const client = elenasClient(
  createSearchClient({ providers: [createDuckDuckGoProvider()] }),
  new MemoryFindingStore(),
  trust,
);
await client.search({ query: 'capital of Kazakhstan' }, { userId: 'mark' });
const later = await client.search({ query: 'capital of Kazakhstan' }, { userId: 'stranger' });
console.log(later.provider, later.learned?.note); // memory Elena learned this on … from …
for (const { title, url } of later.results) console.log(`${title} (${url})`);
