import { createSearchClient } from '@agent-search/core';
import { createSearchMemory, learnedNote, MemoryFindingStore, RedisFindingStore } from '@agent-search/memory';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';

const memory = createSearchMemory({
  botId: 'elena',
  botName: 'Elena',
  scope: 'shared',
  // Shared with every bot on the same Redis; without REDIS_URL, in this process only.
  store: process.env.REDIS_URL
    ? new RedisFindingStore({ url: process.env.REDIS_URL })
    : new MemoryFindingStore(),
});
const client = createSearchClient({ providers: [createDuckDuckGoProvider()] });

// Mark asked; what the search found is kept, with who asked:
const query = 'capital of Kazakhstan';
const response = await client.search({ query });
await memory.remember({ query, results: response.results, provider: response.provider, userId: 'mark' });

const [finding] = await memory.recall("what's the capital of Kazakhstan?");
if (finding) {
  console.log(learnedNote(finding)); // "Elena learned this on 2026-11-20 from en.wikipedia.org"
  for (const { title, url } of finding.sources) console.log(`${title} (${url})`);
}
await memory.forgetUser('mark'); // every finding Mark's questions created, in every bot's scope
await memory.close();
