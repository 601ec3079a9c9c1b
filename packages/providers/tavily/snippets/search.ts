import { createSearchClient } from '@agent-search/core';
import { createTavilyProvider } from '@agent-search/provider-tavily';

const client = createSearchClient({
  providers: [createTavilyProvider({ apiKey: process.env.TAVILY_API_KEY })],
});
const { results } = await client.search({ query: 'ECB rate decision', mode: 'news', timeRange: 'w' });
for (const { title, url } of results) console.log(`${title} (${url})`);
