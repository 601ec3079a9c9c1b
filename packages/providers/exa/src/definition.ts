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
  capabilities: exaCapabilities,
  load: () => import('./index.ts'),
};
