import { createSearchStack, secretsOf as providerSecrets } from '@agent-search/cache/stack';
import type { Env, Logger, ProviderDefinition, SearchClient } from '@agent-search/core';
import type { PageReader } from '@agent-search/core/views';
import { searchMemoryFromEnv, trustFromEnv } from '@agent-search/memory';
import { readPage } from '@agent-search/reader';

export interface EnvSearchClient {
  client: SearchClient;
  /** False when no provider is usable; searches then fail with a tool error saying so. */
  enabled: boolean;
  reason: string | undefined;
  /** What the enabled providers cost and which paid ones are off until asked for (the start-up log says it). */
  cost: string;
  /** A paid provider's key is set but it is off until asked for (an LLM vendor's key, set for the model). */
  consentNeeded: boolean;
  /** SEARCH_MEMORY_TRUST: the trust level of whoever calls this server, for the tool's trust tier. */
  trust: number | undefined;
  /** `readPage` through the same cache (the `page` kind), for the `read_page` tool. */
  readPage: PageReader;
  close(): Promise<void>;
}

/**
 * The client the CLI would build from the same variables (the shared search stack): provider keys and
 * SEARCH_PROVIDER_PRIORITY, the cache (REDIS_URL, SEARCH_CACHE_*), rate limits (SEARCH_RATE_LIMIT per
 * client, SEARCH_GLOBAL_RATE_LIMIT) and limits (WEB_SEARCH_MAX_RESULTS, SEARCH_TIMEOUT_MS); with
 * SEARCH_MEMORY_BOT_ID, a search memory in front (`searchMemoryFromEnv`: SEARCH_MEMORY_SCOPE,
 * SEARCH_MEMORY_TRUST, shared through REDIS_URL).
 */
export async function searchClientFromEnv(
  env: Env,
  definitions: readonly ProviderDefinition[],
  logger: Logger,
): Promise<EnvSearchClient> {
  const stack = await createSearchStack(env, { definitions, readPage, client: { logger } });
  // Opt-in (SEARCH_MEMORY_BOT_ID): recall before searching and keep what the configured caller may teach.
  let memory: ReturnType<typeof searchMemoryFromEnv>;
  let trust: number | undefined;
  try {
    trust = trustFromEnv(env);
    // Forgetting a user forgets the answers their searches put in the cache too.
    memory = searchMemoryFromEnv(env, { logger, ...(stack.cache ? { alsoForget: [stack.cache] } : {}) });
  } catch (error) {
    await stack.close();
    throw error;
  }
  return {
    client: memory ? memory.wrap(stack.client) : stack.client,
    enabled: stack.config.enabled,
    reason: stack.config.reason,
    cost: stack.config.cost,
    consentNeeded: stack.config.providers.some((p) => p.needsConsent && p.configured),
    trust,
    readPage: stack.readPage ?? readPage,
    close: async () => {
      await memory?.close();
      await stack.close();
    },
  };
}

/** Values never to log: every provider's key, REDIS_URL (it may hold a password) and the server's token. */
export function secretsOf(env: Env, definitions: readonly ProviderDefinition[]): string[] {
  return providerSecrets(env, definitions, ['AGENT_SEARCH_MCP_TOKEN']);
}
