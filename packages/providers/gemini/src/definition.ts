import type { ProviderCapabilities, ProviderDefinition } from '@agent-search/core';

export const geminiCapabilities: ProviderCapabilities = {
  modes: ['text', 'news'],
  // `google_search.timeRangeFilter`.
  timeRange: true,
  // No domain filter, and the results' links are Google redirects, so core could not check their domain:
  // a search with domain filters goes to another provider.
  domainFilter: 'none',
  safeSearch: false,
  region: false,
  requiresApiKey: true,
};

/**
 * What configuration knows about Gemini's grounded search without importing it (the `/definition` entry
 * point); `load()` imports the package when the first search needs it.
 */
export const providerDefinition: ProviderDefinition = {
  id: 'gemini',
  name: 'Gemini',
  apiKeyEnv: 'GEMINI_API_KEY',
  // Google's own SDK reads either.
  apiKeyEnvFallbacks: ['GOOGLE_API_KEY'],
  baseUrlEnv: 'GEMINI_BASE_URL',
  group: 'native',
  // The key is the one users set for Gemini: this paid search runs only when asked for.
  consent: { env: 'SEARCH_NATIVE' },
  // A grounded prompt past the daily free ones, $0.035, and its tokens (docs/providers/gemini.md).
  price: { usd: 0.036 },
  capabilities: geminiCapabilities,
  load: () => import('./index.ts'),
};
