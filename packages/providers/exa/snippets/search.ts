import { createSearchClient } from '@agent-search/core';
import { createExaProvider } from '@agent-search/provider-exa';

const client = createSearchClient({
  providers: [createExaProvider({ apiKey: process.env.EXA_API_KEY })],
});
const { results } = await client.search({ query: 'solid-state batteries', mode: 'news', timeRange: 'w' });
for (const { title, url } of results) console.log(`${title} (${url})`);
