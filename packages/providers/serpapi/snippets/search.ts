import { createSearchClient } from '@agent-search/core';
import { createSerpApiProvider } from '@agent-search/provider-serpapi';

const client = createSearchClient({
  providers: [createSerpApiProvider({ apiKey: process.env.SERPAPI_API_KEY })],
});
const { results } = await client.search({ query: 'heat pump efficiency', timeRange: 'w' });
for (const { title, url } of results) console.log(`${title} (${url})`);
