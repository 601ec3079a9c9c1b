import type { ProviderCapabilities, ProviderDefinition } from '@agent-search/core';

export const searxngCapabilities: ProviderCapabilities = {
  modes: ['text', 'news', 'videos'],
  timeRange: true,
  domainFilter: 'site-operator',
  safeSearch: true,
  region: true,
  requiresApiKey: false,
};

/**
 * What configuration knows about SearXNG without importing it (the `/definition` entry point): keyless,
 * but with no public endpoint, so it is configured once SEARXNG_URL names an instance.
 */
export const providerDefinition: ProviderDefinition = {
  id: 'searxng',
  name: 'SearXNG',
  baseUrlEnv: 'SEARXNG_URL',
  baseUrlRequired: true,
  // Free: a self-hosted instance (its own hosting aside).
  price: { usd: 0 },
  capabilities: searxngCapabilities,
  load: () => import('./index.ts'),
};
