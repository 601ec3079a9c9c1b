import { createSearchStack } from '@agent-search/cache/stack';
import {
  type Env,
  type Logger,
  type ProviderSummary,
  readBoolean,
  type SearchClient,
  SearchConfigError,
} from '@agent-search/core';
import { type ReadPageOptions, type ReadPageResult, readPage } from '@agent-search/reader';
import { PROVIDER_DEFINITIONS } from '@agent-search/registry';

export { PROVIDER_DEFINITIONS };

export interface SearchSetup {
  /** Present when search is enabled. */
  client?: SearchClient;
  enabled: boolean;
  /** Why search is off, in a sentence for logs. */
  reason?: string;
  providers: ProviderSummary[];
  /**
   * What the enabled providers cost, and which paid searches are off until asked for (an LLM vendor's
   * search on the key set for the model) and how to turn them on: logged at start-up.
   */
  cost?: string;
  /** Reads pages for `read_page` through the search cache's store (a `page` kind with its own TTL). */
  readPage?: (url: string, options?: ReadPageOptions) => Promise<ReadPageResult>;
}

/** ENABLE_WEB_SEARCH: on unless set to 0, false, no or off; any other value is a configuration error. */
export function webSearchEnabled(env: Env): boolean {
  return readBoolean(env, 'ENABLE_WEB_SEARCH', true);
}

/**
 * Builds the search client from the environment: providers, limits and timeouts (SEARCH_PROVIDER_PRIORITY,
 * provider API keys, WEB_SEARCH_MAX_RESULTS, SEARCH_TIMEOUT_MS...), wrapped in the cache and rate limits
 * (SEARCH_CACHE_TTL, SEARCH_RATE_LIMIT, REDIS_URL...). A malformed search variable turns search off with
 * the reason, logged as an error at start-up: a voice assistant that cannot search is still useful. A
 * malformed cache variable costs only the cache and the rate limits, with an error in the logs naming it.
 */
export async function buildSearchClient(env: Env, logger?: Logger): Promise<SearchSetup> {
  try {
    if (!webSearchEnabled(env)) {
      return { enabled: false, reason: 'Web search is turned off (ENABLE_WEB_SEARCH).', providers: [] };
    }
    const stack = await createSearchStack(env, {
      definitions: PROVIDER_DEFINITIONS,
      cache: 'optional',
      readPage,
      client: logger ? { logger } : {},
    });
    const { config } = stack;
    if (!config.enabled) {
      await stack.close();
      return {
        enabled: false,
        reason: config.reason ?? 'No search provider is usable.',
        providers: config.providers,
        cost: config.cost,
      };
    }
    // Imported now, not on the first search: a voice user should not wait for a package to load. One that
    // fails to import fails its searches (provider_error) and the chain moves on to the next provider.
    await Promise.allSettled(
      config.providers
        .filter((p) => p.enabled)
        .map((p) => PROVIDER_DEFINITIONS.find((d) => d.id === p.id)?.load()),
    );
    return {
      client: stack.client,
      enabled: true,
      providers: config.providers,
      cost: config.cost,
      // Through the search cache's store when there is one.
      ...(stack.cache && stack.readPage ? { readPage: stack.readPage } : {}),
    };
  } catch (error) {
    // A malformed search variable, named in the log (an unknown provider id also lists the known ones).
    if (SearchConfigError.is(error)) {
      logger?.error({ variable: error.variable }, `${error.message}; web search is off`);
    }
    const reason = `Web search is off: ${error instanceof Error ? error.message : String(error)}`;
    return { enabled: false, reason, providers: [] };
  }
}
