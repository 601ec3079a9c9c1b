import { createSearchClient, defineProfiles } from '@agent-search/core';
import { createTavilyProvider } from '@agent-search/provider-tavily';

const profiles = defineProfiles({
  tax: { includeDomains: ['chinatax.gov.cn'], ttlSeconds: 86_400, description: '税收法规' },
  tech: { includeDomains: ['github.com', 'stackoverflow.com'], queryTerms: ['code'] },
});
const client = createSearchClient({
  providers: [createTavilyProvider({ apiKey: process.env.TAVILY_API_KEY })],
  profiles,
});
const { results } = await client.search({ query: 'heat pump controller', profile: 'tech' });
console.log(results.map((r) => `${r.title} (${r.url})`));
