import { createSearchClient } from '@agent-search/core';
import { regulationSearch, withLegalProfiles } from '@agent-search/legal-cn';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';
import { readPage } from '@agent-search/reader';

// No key at all: DuckDuckGo finds the article's page, readPage reads its text.
const client = createSearchClient({
  providers: [createDuckDuckGoProvider()],
  profiles: withLegalProfiles(),
});
const [article] = await regulationSearch(client, { lawName: '民法典', article: 108 }, { readPage });
console.log(article?.content);
