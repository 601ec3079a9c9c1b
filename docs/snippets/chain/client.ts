import { createSearchClient } from '@agent-search/core';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';
import { createTavilyProvider } from '@agent-search/provider-tavily';

const client = createSearchClient({
  providers: [createDuckDuckGoProvider(), createTavilyProvider({ apiKey: process.env.TAVILY_API_KEY })],
  timeoutMs: 6_000, // the whole search
  attemptTimeoutMs: 3_000, // one provider
});
const response = await client.search({ query: 'who won the match last night', mode: 'news' });
console.log(
  response.provider,
  response.results.map((r) => r.url),
);
// One search restricted to some providers, in this order, with its own deadline:
const tavily = await client.search(
  { query: 'rust 1.80 release notes' },
  { providers: ['tavily'], timeoutMs: 3_000 },
);
console.log(tavily.results.map((r) => r.title));
