import type { ProviderCapabilities, ProviderDefinition } from '@agent-search/core';

export const serpApiCapabilities: ProviderCapabilities = {
  modes: ['text', 'news'],
  timeRange: true,
  domainFilter: 'site-operator',
  safeSearch: true,
  region: true,
  requiresApiKey: true,
};

/**
 * What configuration knows about SerpApi without importing it (the `/definition` entry point); `load()`
 * imports the package when the first search needs it.
 */
export const providerDefinition: ProviderDefinition = {
  id: 'serpapi',
  name: 'SerpApi',
  apiKeyEnv: 'SERPAPI_API_KEY',
  baseUrlEnv: 'SERPAPI_BASE_URL',
  // One search credit: $75 for 5,000 on the Developer plan, $0.015 each (docs/providers/serpapi.md).
  price: { usd: 0.015 },
  capabilities: serpApiCapabilities,
  load: () => import('./index.ts'),
};
