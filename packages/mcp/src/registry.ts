import type { ProviderDefinition } from '@agent-search/core';
import { providerDefinition as duckduckgo } from '@agent-search/provider-duckduckgo';
import { providerDefinition as exa } from '@agent-search/provider-exa';
import { providerDefinition as perplexity } from '@agent-search/provider-perplexity';
import { providerDefinition as tavily } from '@agent-search/provider-tavily';

/** Every provider the server ships; configuration orders them (SEARCH_PROVIDER_PRIORITY). */
export const PROVIDER_DEFINITIONS: readonly ProviderDefinition[] = [duckduckgo, tavily, exa, perplexity];
