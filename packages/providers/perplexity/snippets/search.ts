import { createSearchClient } from '@agent-search/core';
import { createPerplexityProvider } from '@agent-search/provider-perplexity';

const client = createSearchClient({
  providers: [createPerplexityProvider({ apiKey: process.env.PERPLEXITY_API_KEY })],
});
const { results } = await client.search({
  query: 'how a heat pump works',
  includeDomains: ['wikipedia.org'],
});
for (const { title, url } of results) console.log(`${title} (${url})`);
