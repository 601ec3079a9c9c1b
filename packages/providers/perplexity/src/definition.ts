import type { ProviderCapabilities, ProviderDefinition } from '@agent-search/core';

export const perplexityCapabilities: ProviderCapabilities = {
  modes: ['text', 'news'],
  timeRange: true,
  domainFilter: 'native',
  safeSearch: false,
  region: true,
  requiresApiKey: true,
};

/**
 * What configuration knows about Perplexity without importing it (the `/definition` entry point);
 * `load()` imports the package when the first search needs it.
 */
export const providerDefinition: ProviderDefinition = {
  id: 'perplexity',
  name: 'Perplexity',
  apiKeyEnv: 'PERPLEXITY_API_KEY',
  baseUrlEnv: 'PERPLEXITY_BASE_URL',
  // $5 per 1,000 Search API requests (docs/providers/perplexity.md).
  price: { usd: 0.005 },
  capabilities: perplexityCapabilities,
  load: () => import('./index.ts'),
};
