import { createSearchClient } from '@agent-search/core';
import { createSearchMemory, MemoryFindingStore, RedisFindingStore } from '@agent-search/memory';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';

// The bots share one store: each its own RedisFindingStore on one Redis server (between processes and
// machines), or, without REDIS_URL, one MemoryFindingStore (inside this worker).
const url = process.env.REDIS_URL;
const inProcess = new MemoryFindingStore();
const store = () => (url ? new RedisFindingStore({ url }) : inProcess);
const elena = createSearchMemory({ botId: 'elena', botName: 'Elena', scope: 'shared', store: store() });
const dotty = createSearchMemory({ botId: 'dotty', botName: 'Dotty', scope: 'shared', store: store() });

// Elena's session searched "Nobel Prize chemistry 2024" for a friend, and kept what it found:
const client = createSearchClient({ providers: [createDuckDuckGoProvider()] });
const response = await client.search({ query: 'Nobel Prize chemistry 2024' });
await elena.remember({
  query: 'Nobel Prize chemistry 2024',
  results: response.results,
  provider: response.provider,
  userId: 'mark',
});

// Later, in Dotty's session:
const [finding] = await dotty.recall('who won the Nobel Prize in chemistry 2024?');
console.log(finding?.note); // "Elena learned this on 2026-11-20 from nobelprize.org"
for (const { title, url } of finding?.sources ?? []) console.log(`${title} (${url})`);
console.log(finding?.userId); // undefined: who asked Elena is not Dotty's to know
await Promise.all([elena.close(), dotty.close()]);
