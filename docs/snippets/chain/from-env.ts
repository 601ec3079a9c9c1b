import { loadSearchConfig } from '@agent-search/core';
import { providerDefinition as duckduckgo } from '@agent-search/provider-duckduckgo/definition';
import { providerDefinition as tavily } from '@agent-search/provider-tavily/definition';

const { client, enabled, reason, providers } = loadSearchConfig(process.env, {
  definitions: [duckduckgo, tavily],
});
if (!enabled) throw new Error(`search is off: ${reason}`);
console.log(providers.filter((p) => p.enabled).map((p) => p.id)); // in the order they are tried
const { results } = await client.search({ query: 'heat pumps' });
console.log(results.map((r) => r.url));
