import type { ProviderDefinition } from '@agent-search/core';
import { providerDefinition as anthropic } from '@agent-search/provider-anthropic/definition';
import { providerDefinition as brave } from '@agent-search/provider-brave/definition';
import { providerDefinition as duckduckgo } from '@agent-search/provider-duckduckgo/definition';
import { providerDefinition as exa } from '@agent-search/provider-exa/definition';
import { providerDefinition as gemini } from '@agent-search/provider-gemini/definition';
import { providerDefinition as openai } from '@agent-search/provider-openai/definition';
import { providerDefinition as perplexity } from '@agent-search/provider-perplexity/definition';
import { providerDefinition as searxng } from '@agent-search/provider-searxng/definition';
import { providerDefinition as serpapi } from '@agent-search/provider-serpapi/definition';
import { providerDefinition as tavily } from '@agent-search/provider-tavily/definition';

/**
 * Every provider agent-search ships, in default priority order (SEARCH_PROVIDER_PRIORITY overrides it).
 * A self-hosted SearXNG comes first when SEARXNG_URL is set: it is yours, with no scraping and no quota.
 * Then DuckDuckGo, keyless; then the API providers, used when their key is set: first the LLM vendors' own
 * searches (SEARCH_PROVIDER_PRIORITY's `native`), then perplexity, exa, tavily, then the others.
 */
export const PROVIDER_DEFINITIONS: readonly ProviderDefinition[] = [
  searxng,
  duckduckgo,
  openai,
  anthropic,
  gemini,
  perplexity,
  exa,
  tavily,
  brave,
  serpapi,
];
