import { createSearchClient } from '@agent-search/core';
import { createBraveProvider } from '@agent-search/provider-brave';

const client = createSearchClient({
  providers: [createBraveProvider({ apiKey: process.env.BRAVE_API_KEY })],
});
const { results } = await client.search({ query: 'heat pump efficiency', timeRange: 'w' });
for (const { title, url } of results) console.log(`${title} (${url})`);
