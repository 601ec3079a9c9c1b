import { createCacheFromEnv, type SearchCache, withPageCache } from '@agent-search/cache';
import {
  type Env,
  type Logger,
  loadSearchConfig,
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
 * the reason: a voice assistant that cannot search is still useful. A malformed cache variable costs only
 * the cache and the rate limits, with an error in the logs naming it.
 */
export async function buildSearchClient(env: Env, logger?: Logger): Promise<SearchSetup> {
  try {
    if (!webSearchEnabled(env)) {
      return { enabled: false, reason: 'Web search is turned off (ENABLE_WEB_SEARCH).', providers: [] };
    }
    // The cache first: with REDIS_URL, the chain shares what it learns with every worker through it.
    let cache: SearchCache | undefined;
    try {
      cache = createCacheFromEnv(env, logger ? { logger } : {});
    } catch (error) {
      if (!SearchConfigError.is(error)) throw error;
      logger?.error(
        { variable: error.variable },
        `${error.message}; searching without the cache and rate limits`,
      );
    }
    const config = loadSearchConfig(env, {
      definitions: PROVIDER_DEFINITIONS,
      ...(logger ? { logger } : {}),
      ...(cache?.chainState ? { sharedState: { store: cache.chainState } } : {}),
    });
    if (!config.enabled) {
      await cache?.close();
      return {
        enabled: false,
        reason: config.reason ?? 'No search provider is usable.',
        providers: config.providers,
      };
    }
    // Imported now, not on the first search: a voice user should not wait for a package to load. One that
    // fails to import fails its searches (provider_error) and the chain moves on to the next provider.
    await Promise.allSettled(
      config.providers
        .filter((p) => p.enabled)
        .map((p) => PROVIDER_DEFINITIONS.find((d) => d.id === p.id)?.load()),
    );
    const client = cache ? cache.wrap(config.client) : config.client;
    const pageReader: SearchSetup['readPage'] = cache
      ? withPageCache(readPage, { store: cache.store, ...(logger ? { logger } : {}) })
      : undefined;
    return {
      client,
      enabled: true,
      providers: config.providers,
      ...(pageReader ? { readPage: pageReader } : {}),
    };
  } catch (error) {
    const reason = `Web search is off: ${error instanceof Error ? error.message : String(error)}`;
    return { enabled: false, reason, providers: [] };
  }
}
