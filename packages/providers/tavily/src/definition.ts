import type { ProviderDefinition } from '@agent-search/core';
import { PROVIDER_ID } from './errors.ts';
import { createTavilyProvider, tavilyCapabilities } from './provider.ts';

export const providerDefinition: ProviderDefinition = {
  id: PROVIDER_ID,
  name: 'Tavily',
  apiKeyEnv: 'TAVILY_API_KEY',
  baseUrlEnv: 'TAVILY_BASE_URL',
  capabilities: tavilyCapabilities,
  fromEnv: (env) => createTavilyProvider({ apiKey: env.TAVILY_API_KEY, baseURL: env.TAVILY_BASE_URL }),
};
