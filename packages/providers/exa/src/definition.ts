import type { ProviderCapabilities, ProviderDefinition } from '@agent-search/core';

export const exaCapabilities: ProviderCapabilities = {
  modes: ['text', 'news'],
  timeRange: true,
  domainFilter: 'native',
  safeSearch: true,
  region: true,
  requiresApiKey: true,
  pageContent: true,
};

/**
 * What configuration knows about Exa without importing it (the `/definition` entry point);
 * `load()` imports the package when the first search needs it.
 */
export const providerDefinition: ProviderDefinition = {
  id: 'exa',
  name: 'Exa',
  apiKeyEnv: 'EXA_API_KEY',
  baseUrlEnv: 'EXA_BASE_URL',
  // $7 per 1,000 searches, page text and highlights for up to 10 results included (docs/providers/exa.md).
  price: { usd: 0.007 },
  capabilities: exaCapabilities,
  load: () => import('./index.ts'),
};
