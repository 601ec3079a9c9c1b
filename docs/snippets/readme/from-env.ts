import { loadSearchConfig } from '@agent-search/core';
import { PROVIDER_DEFINITIONS } from '@agent-search/registry';

const { client, enabled, reason, providers } = loadSearchConfig(process.env, {
  definitions: PROVIDER_DEFINITIONS,
});
if (!enabled) throw new Error(`search is off: ${reason}`);
console.log(providers.map((p) => `${p.id}: ${p.enabled ? 'on' : 'off'}`).join(', '));
const { results } = await client.search({ query: 'heat pumps' });
for (const { title, url, provider } of results) console.log(`${title} (${url}, from ${provider})`);
