import { type Logger, type SearchClient, SearchConfigError, silentLogger } from '@agent-search/core';
import { BOT_ID } from './finding.ts';
import { MemoryFindingStore } from './finding-store.ts';
import { RedisFindingStore } from './redis-finding-store.ts';
import { createSearchMemory, type SearchMemory } from './search-memory.ts';
import { createTraceLog, type TraceLog } from './trace-log.ts';
import { type MemoryPolicy, trustMemoryPolicy, withSearchMemory } from './with-search-memory.ts';

/** The variables `searchMemoryFromEnv` reads (REDIS_URL too, shared with the cache). */
export const SEARCH_MEMORY_ENV = {
  botId: 'SEARCH_MEMORY_BOT_ID',
  botName: 'SEARCH_MEMORY_BOT_NAME',
  scope: 'SEARCH_MEMORY_SCOPE',
  trust: 'SEARCH_MEMORY_TRUST',
} as const;

export interface EnvSearchMemory {
  memory: SearchMemory;
  traces: TraceLog;
  /** Recall always; persist when the configured caller's trust is a friend's (40) or more. */
  policy: MemoryPolicy;
  /** `client` with this memory in front (`withSearchMemory`). */
  wrap(client: SearchClient): SearchClient;
  close(): Promise<void>;
}

/**
 * SEARCH_MEMORY_TRUST: the trust level 0..100 of whoever calls this process, or undefined when unset. It sets
 * the memory's persistence and, on every surface, the caller's trust tier (a stranger gets 3 results).
 */
export function trustFromEnv(env: Record<string, string | undefined>): number | undefined {
  const raw = env[SEARCH_MEMORY_ENV.trust]?.trim();
  if (!raw) return undefined;
  const trust = Number(raw);
  if (!(Number.isFinite(trust) && trust >= 0 && trust <= 100)) {
    throw new SearchConfigError(SEARCH_MEMORY_ENV.trust, 'must be a number from 0 to 100');
  }
  return trust;
}

/**
 * A search memory configured by environment, for servers and the CLI (opt-in: nothing without
 * SEARCH_MEMORY_BOT_ID). SEARCH_MEMORY_SCOPE is `private` (default) or `shared`; SEARCH_MEMORY_TRUST is the
 * trust level 0..100 of whoever calls this process (unset: a caller the app cannot place, so nothing is
 * kept); with REDIS_URL the findings and traces are shared through Redis, otherwise they stay in this
 * process. A malformed value is an error naming the variable, never a silent default.
 */
export function searchMemoryFromEnv(
  env: Record<string, string | undefined>,
  options: { logger?: Logger } = {},
): EnvSearchMemory | undefined {
  const botId = env[SEARCH_MEMORY_ENV.botId]?.trim();
  if (!botId) return undefined;
  if (!BOT_ID.test(botId)) {
    throw new SearchConfigError(SEARCH_MEMORY_ENV.botId, 'must be 1-64 letters, digits, "_", "-" or "."');
  }
  const scope = env[SEARCH_MEMORY_ENV.scope]?.trim() || 'private';
  if (scope !== 'private' && scope !== 'shared') {
    throw new SearchConfigError(SEARCH_MEMORY_ENV.scope, 'must be "private" or "shared"');
  }
  const trust = trustFromEnv(env);
  const logger = options.logger ?? silentLogger;
  const url = env.REDIS_URL?.trim();
  // The URL may hold a password: it goes to ioredis, never into a message.
  const store = url ? new RedisFindingStore({ url, logger }) : new MemoryFindingStore();
  const botName = env[SEARCH_MEMORY_ENV.botName]?.trim();
  const memory = createSearchMemory({ botId, scope, store, logger, ...(botName ? { botName } : {}) });
  const traces = createTraceLog({ botId, store });
  const policy = trustMemoryPolicy(trust);
  return {
    memory,
    traces,
    policy,
    wrap: (client) => withSearchMemory(client, { memory, traces, policy, logger }),
    close: () => memory.close(),
  };
}
