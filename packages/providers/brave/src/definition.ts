import type { ProviderCapabilities, ProviderDefinition } from '@agent-search/core';

export const braveCapabilities: ProviderCapabilities = {
  modes: ['text', 'news', 'videos'],
  timeRange: true,
  domainFilter: 'site-operator',
  safeSearch: true,
  region: true,
  requiresApiKey: true,
};

/**
 * What configuration knows about Brave without importing it (the `/definition` entry point); `load()`
 * imports the package when the first search needs it.
 */
export const providerDefinition: ProviderDefinition = {
  id: 'brave',
  name: 'Brave',
  apiKeyEnv: 'BRAVE_API_KEY',
  baseUrlEnv: 'BRAVE_BASE_URL',
  // $5 per 1,000 requests on the Search plan (docs/providers/brave.md).
  price: { usd: 0.005 },
  capabilities: braveCapabilities,
  load: () => import('./index.ts'),
};
