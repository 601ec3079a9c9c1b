import type { ProviderDefinition } from '@agent-search/core';
import { PROVIDER_ID } from './errors.ts';
import { createPerplexityProvider, perplexityCapabilities } from './provider.ts';

export const providerDefinition: ProviderDefinition = {
  id: PROVIDER_ID,
  name: 'Perplexity',
  apiKeyEnv: 'PERPLEXITY_API_KEY',
  baseUrlEnv: 'PERPLEXITY_BASE_URL',
  capabilities: perplexityCapabilities,
  fromEnv: (env) =>
    createPerplexityProvider({ apiKey: env.PERPLEXITY_API_KEY, baseURL: env.PERPLEXITY_BASE_URL }),
};
