import type { ProviderDefinition } from '@agent-search/core';
import { PROVIDER_DEFINITIONS as REGISTRY } from '@agent-search/registry';

/**
 * Every provider this command ships, from the registry: light definitions, so starting the command
 * imports no provider package; a provider's package is imported on its first search.
 */
export const PROVIDER_DEFINITIONS: readonly ProviderDefinition[] = REGISTRY;
