import type { ProviderCapabilities, ProviderDefinition } from '@agent-search/core';

export const anthropicCapabilities: ProviderCapabilities = {
  modes: ['text', 'news'],
  // The web_search tool has no date filter: a time-ranged search goes to a provider that has one.
  timeRange: false,
  // `allowed_domains` or `blocked_domains` (one of them per request; core removes the rest).
  domainFilter: 'native',
  safeSearch: false,
  // `user_location.country`.
  region: true,
  requiresApiKey: true,
};

/**
 * What configuration knows about Anthropic's web search without importing it (the `/definition` entry
 * point); `load()` imports the package when the first search needs it.
 */
export const providerDefinition: ProviderDefinition = {
  id: 'anthropic',
  name: 'Anthropic',
  apiKeyEnv: 'ANTHROPIC_API_KEY',
  baseUrlEnv: 'ANTHROPIC_BASE_URL',
  group: 'native',
  // The key is the one users set for Claude: this paid search runs only when asked for.
  consent: { env: 'SEARCH_NATIVE' },
  // A $0.01 search and the tokens it brings with the default model (docs/providers/anthropic.md).
  price: { usd: 0.018 },
  capabilities: anthropicCapabilities,
  load: () => import('./index.ts'),
};
