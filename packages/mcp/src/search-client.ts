import { createCacheFromEnv, withPageCache } from '@agent-search/cache';
import {
  apiKeyVariables,
  type Env,
  type Logger,
  loadSearchConfig,
  type PageReader,
  type ProviderDefinition,
  type SearchClient,
} from '@agent-search/core';
import { readPage } from '@agent-search/reader';

export interface EnvSearchClient {
  client: SearchClient;
  /** False when no provider is usable; searches then fail with a tool error saying so. */
  enabled: boolean;
  reason: string | undefined;
  /** `readPage` through the same cache (the `page` kind), for the `read_page` tool. */
  readPage: PageReader;
  close(): Promise<void>;
}

/**
 * The client the CLI would build from the same variables: provider keys and SEARCH_PROVIDER_PRIORITY, the
 * cache (REDIS_URL, SEARCH_CACHE_*), rate limits (SEARCH_RATE_LIMIT per client, SEARCH_GLOBAL_RATE_LIMIT)
 * and limits (WEB_SEARCH_MAX_RESULTS, SEARCH_TIMEOUT_MS).
 */
export function searchClientFromEnv(
  env: Env,
  definitions: readonly ProviderDefinition[],
  logger: Logger,
): EnvSearchClient {
  const cache = createCacheFromEnv(env, { logger });
  // With REDIS_URL, every server sharing it shares what its chain learns (breakers, Retry-After waits).
  const config = loadSearchConfig(env, {
    definitions,
    logger,
    ...(cache.chainState ? { sharedState: { store: cache.chainState } } : {}),
  });
  return {
    client: cache.wrap(config.client),
    enabled: config.enabled,
    reason: config.reason,
    readPage: withPageCache(readPage, { store: cache.store, logger }),
    close: () => cache.close(),
  };
}

/** Values never to log: every provider's key and REDIS_URL (it may hold a password). */
export function secretsOf(env: Env, definitions: readonly ProviderDefinition[]): string[] {
  const names = [...definitions.flatMap(apiKeyVariables), 'REDIS_URL', 'AGENT_SEARCH_MCP_TOKEN'];
  return names.map((n) => env[n]?.trim() ?? '').filter((v) => v.length >= 8);
}
