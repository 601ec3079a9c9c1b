import type { ProviderCapabilities, ProviderDefinition } from '@agent-search/core';

export const tavilyCapabilities: ProviderCapabilities = {
  modes: ['text', 'news'],
  timeRange: true,
  domainFilter: 'native',
  safeSearch: false,
  region: false,
  // Keyless mode answers without a key (shared limits): a key lifts them.
  requiresApiKey: false,
  pageContent: true,
};

/**
 * What configuration knows about Tavily without importing it (the `/definition` entry point);
 * `load()` imports the package when the first search needs it.
 */
export const providerDefinition: ProviderDefinition = {
  id: 'tavily',
  name: 'Tavily',
  apiKeyEnv: 'TAVILY_API_KEY',
  baseUrlEnv: 'TAVILY_BASE_URL',
  keyless: { env: 'TAVILY_KEYLESS' },
  // A basic search is 1 credit, $0.008 pay-as-you-go (docs/providers/tavily.md); keyless searches are free.
  price: { usd: 0.008 },
  capabilities: tavilyCapabilities,
  load: () => import('./index.ts'),
};
