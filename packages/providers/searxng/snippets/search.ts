import { createSearchClient } from '@agent-search/core';
import { createSearxngProvider } from '@agent-search/provider-searxng';

// Your SearXNG instance: SEARXNG_URL, as configuration reads it
const client = createSearchClient({
  providers: [createSearxngProvider({ baseURL: process.env.SEARXNG_URL ?? 'http://127.0.0.1:8888' })],
});
const { results } = await client.search({ query: 'heat pump efficiency' });
for (const { title, url } of results) console.log(`${title} (${url})`);
