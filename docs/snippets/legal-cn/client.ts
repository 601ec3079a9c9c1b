import { createSearchClient, loadSearchConfig } from '@agent-search/core';
import { regulationSearch, withLegalProfiles } from '@agent-search/legal-cn';
import { createTavilyProvider } from '@agent-search/provider-tavily';
import { PROVIDER_DEFINITIONS } from '@agent-search/registry';

const client = createSearchClient({
  providers: [createTavilyProvider({ apiKey: process.env.TAVILY_API_KEY })],
  profiles: withLegalProfiles(),
});
// or from the environment, SEARCH_PROFILES on top (a user may redefine `regulation` there):
const fromEnv = loadSearchConfig(process.env, {
  definitions: PROVIDER_DEFINITIONS,
  profiles: withLegalProfiles(),
});
console.log(Object.keys(fromEnv.client.profiles)); // general, news, regulation, case

const articles = await regulationSearch(client, { lawName: '中华人民共和国民法典', article: '第一百零八条' });
for (const { lawName, articleNumber, url } of articles) console.log(lawName, articleNumber, url);
