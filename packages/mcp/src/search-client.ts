import { createCacheFromEnv, withPageCache } from '@agent-search/cache';
import {
  type Env,
  type Logger,
  loadSearchConfig,
  type PageReader,
  type ProviderDefinition,
  type SearchClient,
} from '@agent-search/core';
import { searchMemoryFromEnv } from '@agent-search/memory';
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
 * and limits (WEB_SEARCH_MAX_RESULTS, SEARCH_TIMEOUT_MS); with SEARCH_MEMORY_BOT_ID, a search memory in
 * front (`searchMemoryFromEnv`: SEARCH_MEMORY_SCOPE, SEARCH_MEMORY_TRUST, shared through REDIS_URL).
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
  // Opt-in (SEARCH_MEMORY_BOT_ID): recall before searching and keep what the configured caller may teach.
  const memory = searchMemoryFromEnv(env, { logger });
  const cached = cache.wrap(config.client);
  return {
    client: memory ? memory.wrap(cached) : cached,
    enabled: config.enabled,
    reason: config.reason,
    readPage: withPageCache(readPage, { store: cache.store, logger }),
    close: async () => {
      await memory?.close();
      await cache.close();
    },
  };
}

/** Values never to log: every provider's key and REDIS_URL (it may hold a password). */
export function secretsOf(env: Env, definitions: readonly ProviderDefinition[]): string[] {
  const names = [
    ...definitions.flatMap((d) => (d.apiKeyEnv ? [d.apiKeyEnv] : [])),
    'REDIS_URL',
    'AGENT_SEARCH_MCP_TOKEN',
  ];
  return names.map((n) => env[n]?.trim() ?? '').filter((v) => v.length >= 8);
}
