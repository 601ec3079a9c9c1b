import { type Env, SearchConfigError } from '@agent-search/core';
import { BOT_ID, type FindingScope } from './finding.ts';

// `@agent-search/memory/env`: the memory's variables and their reading, without the memory (no Redis
// client, no index), so an app can check them at start-up before it decides to load the memory.

/** The variables `searchMemoryFromEnv` reads (REDIS_URL too, shared with the cache). */
export const SEARCH_MEMORY_ENV = {
  botId: 'SEARCH_MEMORY_BOT_ID',
  botName: 'SEARCH_MEMORY_BOT_NAME',
  scope: 'SEARCH_MEMORY_SCOPE',
  trust: 'SEARCH_MEMORY_TRUST',
} as const;

export interface MemorySettings {
  botId: string;
  botName: string | undefined;
  scope: FindingScope;
  /** The trust level 0..100 of whoever calls this process; undefined when unset. */
  trust: number | undefined;
}

/**
 * The memory the environment asks for, or undefined without SEARCH_MEMORY_BOT_ID (the memory is opt-in).
 * A malformed value is a `SearchConfigError` naming the variable, never a silent default.
 */
export function readMemorySettings(env: Env): MemorySettings | undefined {
  const botId = env[SEARCH_MEMORY_ENV.botId]?.trim();
  if (!botId) return undefined;
  if (!BOT_ID.test(botId)) {
    throw new SearchConfigError(SEARCH_MEMORY_ENV.botId, 'must be 1-64 letters, digits, "_", "-" or "."');
  }
  const scope = env[SEARCH_MEMORY_ENV.scope]?.trim() || 'private';
  if (scope !== 'private' && scope !== 'shared') {
    throw new SearchConfigError(SEARCH_MEMORY_ENV.scope, 'must be "private" or "shared"');
  }
  const rawTrust = env[SEARCH_MEMORY_ENV.trust]?.trim();
  const trust = rawTrust ? Number(rawTrust) : undefined;
  if (rawTrust && !(Number.isFinite(trust) && trust! >= 0 && trust! <= 100)) {
    throw new SearchConfigError(SEARCH_MEMORY_ENV.trust, 'must be a number from 0 to 100');
  }
  return { botId, botName: env[SEARCH_MEMORY_ENV.botName]?.trim() || undefined, scope, trust };
}
