import { createSearchClient, searchMultiSource } from '@agent-search/core';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';
import { createTavilyProvider } from '@agent-search/provider-tavily';

const client = createSearchClient({
  providers: [createDuckDuckGoProvider(), createTavilyProvider({ apiKey: process.env.TAVILY_API_KEY })],
});
const merged = await searchMultiSource(
  client,
  { query: 'heat pumps cold climate' },
  { sources: 2, deadlineMs: 2500 },
);
console.log(merged.provider); // "duckduckgo+tavily"
for (const { title, url, providers } of merged.results) console.log(`${title} (${url}) ${providers}`);
// a URL both returned: providers ["duckduckgo", "tavily"]
