import { createCacheFromEnv } from '@agent-search/cache';
import {
  type Env,
  type Logger,
  loadSearchConfig,
  type ProviderSummary,
  type SearchClient,
  SearchConfigError,
} from '@agent-search/core';
import { PROVIDER_DEFINITIONS } from '@agent-search/registry';

export { PROVIDER_DEFINITIONS };

export interface SearchSetup {
  /** Present when search is enabled. */
  client?: SearchClient;
  enabled: boolean;
  /** Why search is off, in a sentence for logs. */
  reason?: string;
  providers: ProviderSummary[];
}

const OFF = new Set(['0', 'false', 'no', 'off']);

/** ENABLE_WEB_SEARCH: on unless set to 0, false, no or off. */
export function webSearchEnabled(env: Env): boolean {
  const value = env.ENABLE_WEB_SEARCH?.trim().toLowerCase();
  return value === undefined || value === '' || !OFF.has(value);
}

/**
 * Builds the search client from the environment: providers, limits and timeouts (SEARCH_PROVIDER_PRIORITY,
 * provider API keys, WEB_SEARCH_MAX_RESULTS, SEARCH_TIMEOUT_MS...), wrapped in the cache and rate limits
 * (SEARCH_CACHE_TTL, SEARCH_RATE_LIMIT, REDIS_URL...). A malformed search variable turns search off with
 * the reason: a voice assistant that cannot search is still useful. A malformed cache variable costs only
 * the cache and the rate limits, with an error in the logs naming it.
 */
export async function buildSearchClient(env: Env, logger?: Logger): Promise<SearchSetup> {
  if (!webSearchEnabled(env)) {
    return { enabled: false, reason: 'Web search is turned off (ENABLE_WEB_SEARCH).', providers: [] };
  }
  try {
    const config = loadSearchConfig(env, {
      definitions: PROVIDER_DEFINITIONS,
      ...(logger ? { logger } : {}),
    });
    if (!config.enabled) {
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
    let client = config.client;
    try {
      client = createCacheFromEnv(env, logger ? { logger } : {}).wrap(config.client);
    } catch (error) {
      if (!(error instanceof SearchConfigError)) throw error;
      logger?.error(
        { variable: error.variable },
        `${error.message}; searching without the cache and rate limits`,
      );
    }
    return { client, enabled: true, providers: config.providers };
  } catch (error) {
    const reason = `Web search is off: ${error instanceof Error ? error.message : String(error)}`;
    return { enabled: false, reason, providers: [] };
  }
}
