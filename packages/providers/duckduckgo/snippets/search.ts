import { createSearchClient } from '@agent-search/core';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';

const client = createSearchClient({ providers: [createDuckDuckGoProvider()] });
const { results } = await client.search({
  query: 'heat pump efficiency',
  timeRange: 'y',
  includeDomains: ['energy.gov'],
});
for (const { title, url } of results) console.log(`${title} (${url})`);
