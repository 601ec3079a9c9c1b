import type { ProviderDefinition } from '@agent-search/core';
import { createDuckDuckGoProvider, duckDuckGoCapabilities } from './provider.ts';

/** Loaded by configuration: DuckDuckGo needs no key; `DUCKDUCKGO_HTML_URL` overrides the HTML endpoint. */
export const providerDefinition: ProviderDefinition = {
  id: 'duckduckgo',
  name: 'DuckDuckGo',
  baseUrlEnv: 'DUCKDUCKGO_HTML_URL',
  capabilities: duckDuckGoCapabilities,
  fromEnv(env) {
    const htmlBaseURL = env.DUCKDUCKGO_HTML_URL?.trim();
    return createDuckDuckGoProvider(htmlBaseURL ? { htmlBaseURL } : {});
  },
};
