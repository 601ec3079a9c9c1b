import type { ProviderCapabilities, ProviderDefinition } from '@agent-search/core';

export const duckDuckGoCapabilities: ProviderCapabilities = {
  modes: ['text', 'news', 'videos'],
  timeRange: true,
  domainFilter: 'site-operator',
  safeSearch: true,
  region: true,
  requiresApiKey: false,
};

/**
 * What configuration knows about DuckDuckGo without importing it (the `/definition` entry point);
 * `load()` imports the package when the first search needs it. DuckDuckGo needs no key; `DUCKDUCKGO_HTML_URL` overrides the HTML endpoint.
 */
export const providerDefinition: ProviderDefinition = {
  id: 'duckduckgo',
  name: 'DuckDuckGo',
  baseUrlEnv: 'DUCKDUCKGO_HTML_URL',
  // Free: the public search pages, no account.
  price: { usd: 0 },
  capabilities: duckDuckGoCapabilities,
  load: () => import('./index.ts'),
};
