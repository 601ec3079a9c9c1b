// Test support (not published; see package.json "exports"): the memory bot of the adapters' two-process
// memory tests (`describeSharedMemory`), built the same way in the test's process and in each bot's.

import { type BotSettings, loopbackSearchClient } from '@agent-search/testing/bot-process';
import type { LocalBot } from '@agent-search/testing/shared-memory';
import { RedisFindingStore } from './redis-finding-store.ts';
import { createSearchMemory } from './search-memory.ts';
import { trustMemoryPolicy, withSearchMemory } from './with-search-memory.ts';

/**
 * A bot whose memory is shared on the Redis at `redisUrl`, in front of the test's loopback search API, keeping
 * what its callers at `trust` may teach it.
 */
export function sharedMemoryBot(
  bot: Pick<BotSettings, 'redisUrl' | 'upstreamUrl' | 'botId' | 'botName' | 'trust'>,
): LocalBot {
  const store = new RedisFindingStore({ url: bot.redisUrl });
  const memory = createSearchMemory({ botId: bot.botId, botName: bot.botName, scope: 'shared', store });
  return {
    client: withSearchMemory(loopbackSearchClient(bot.upstreamUrl), {
      memory,
      policy: trustMemoryPolicy(bot.trust),
      // The tests ask what another process recalls, not how fast: a fresh process on a loaded machine can
      // take longer than the default 500 ms for its first recall (the bench's recall figure measures that).
      recallTimeoutMs: 20_000,
    }),
    forgetUser: (userId) => memory.forgetUser(userId),
    findingKeys: () => store.client.keys('agent-search:memory:f:*'),
    close: () => memory.close(),
  };
}
