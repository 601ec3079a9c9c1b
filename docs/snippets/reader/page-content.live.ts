import { createCacheFromEnv, withPageCache } from '@agent-search/cache';
import { createSearchClient } from '@agent-search/core';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';
import { readPage, withPageContent } from '@agent-search/reader';

const cache = createCacheFromEnv(process.env);
const searchClient = createSearchClient({ providers: [createDuckDuckGoProvider()] });
const client = withPageContent(cache.wrap(searchClient), withPageCache(readPage, { store: cache.store }));
const { results } = await client.search({ query: 'heat pump cold climate', includeContent: true });
console.log(results.map((r) => `${r.title}: ${r.content?.length ?? 0} characters of page text`));
