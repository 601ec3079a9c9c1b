import type { ProviderCapabilities, ProviderDefinition } from '@agent-search/core';

export const openaiCapabilities: ProviderCapabilities = {
  modes: ['text', 'news'],
  // The web_search tool has no date filter: a time-ranged search goes to a provider that has one.
  timeRange: false,
  // `filters.allowed_domains`; excluded domains are removed from the citations by core.
  domainFilter: 'native',
  safeSearch: false,
  // `user_location.country`.
  region: true,
  requiresApiKey: true,
};

/**
 * What configuration knows about OpenAI's web search without importing it (the `/definition` entry
 * point); `load()` imports the package when the first search needs it.
 */
export const providerDefinition: ProviderDefinition = {
  id: 'openai',
  name: 'OpenAI',
  apiKeyEnv: 'OPENAI_API_KEY',
  baseUrlEnv: 'OPENAI_BASE_URL',
  group: 'native',
  // The key is the one users set for OpenAI's models: this paid search runs only when asked for.
  consent: { env: 'SEARCH_NATIVE' },
  // A $0.01 tool call and the tokens it brings with gpt-4.1-mini (docs/providers/openai.md).
  price: { usd: 0.014 },
  capabilities: openaiCapabilities,
  load: () => import('./index.ts'),
};
