import { createSearchClient } from '@agent-search/core';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';

const client = createSearchClient({ providers: [createDuckDuckGoProvider()] });
const { results } = await client.search({ query: 'weather in Lisbon', mode: 'news', timeRange: 'd' });
// results: [{ title, url, snippet, source, publishedAt?, provider }, ...]
// includeContent: true adds each page's text as `content` (Tavily, Exa; those providers are tried first)
for (const { title, url } of results) console.log(`${title} (${url})`);
