import { createSearchClient } from '@agent-search/core';
import { renderView } from '@agent-search/core/views';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';

const client = createSearchClient({ providers: [createDuckDuckGoProvider()], timeoutMs: 6_000 });
const response = await client.search({ query: 'latest node release', maxResults: 3 });
console.log(renderView(response, 'model')); // numbered, citable text for an LLM
