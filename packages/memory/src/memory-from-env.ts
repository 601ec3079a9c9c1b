import { type Logger, type SearchClient, SearchConfigError, silentLogger } from '@agent-search/core';
import { MemoryFindingStore } from './finding-store.ts';
import { readMemorySettings, SEARCH_MEMORY_ENV } from './memory-env.ts';
import { RedisFindingStore } from './redis-finding-store.ts';
import { createSearchMemory, type SearchMemory, type UserDataHolder } from './search-memory.ts';
import { createTraceLog, type TraceLog } from './trace-log.ts';
import { type MemoryPolicy, trustMemoryPolicy, withSearchMemory } from './with-search-memory.ts';

export { SEARCH_MEMORY_ENV };

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
  options: { logger?: Logger; alsoForget?: readonly UserDataHolder[] } = {},
): EnvSearchMemory | undefined {
  const settings = readMemorySettings(env);
  if (!settings) return undefined;
  const { botId, botName, scope, trust } = settings;
  const logger = options.logger ?? silentLogger;
  const url = env.REDIS_URL?.trim();
  // The URL may hold a password: it goes to ioredis, never into a message.
  const store = url ? new RedisFindingStore({ url, logger }) : new MemoryFindingStore();
  const memory = createSearchMemory({
    botId,
    scope,
    store,
    logger,
    ...(botName ? { botName } : {}),
    ...(options.alsoForget ? { alsoForget: options.alsoForget } : {}),
  });
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
