import { type Env, loadSearchConfig, SearchConfigError } from '@agent-search/core';
import { PROVIDER_DEFINITIONS } from '@agent-search/registry';

/**
 * The configuration mistake that stops the agent at start-up rather than costing it its search tool:
 * SEARCH_PROVIDER_PRIORITY naming an unknown provider (a typo) or none. The operator asked for particular
 * providers; a worker that answers every caller without search would hide the typo until someone notices.
 * The error names the entry and the known ids. Other malformed variables leave the agent running without
 * search (`buildSearchClient`).
 */
export function startupConfigError(env: Env): SearchConfigError | undefined {
  try {
    loadSearchConfig(env, { definitions: PROVIDER_DEFINITIONS });
  } catch (error) {
    if (SearchConfigError.is(error) && error.variable === 'SEARCH_PROVIDER_PRIORITY') return error;
  }
  return undefined;
}
