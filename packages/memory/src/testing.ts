// Test support (not published; see package.json "exports"): the memory bot of the adapters' two-process
// memory tests (`describeSharedMemory`), built the same way in the test's process and in each bot's, and
// the memory every surface's recall contract asks through.

import { type BotSettings, loopbackSearchClient } from '@agent-search/testing/bot-process';
import type { LocalBot } from '@agent-search/testing/shared-memory';
import { MemoryFindingStore } from './finding-store.ts';
import { RedisFindingStore } from './redis-finding-store.ts';
import { createSearchMemory, type SearchMemory } from './search-memory.ts';
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

const RECALL_CONTRACT_RETENTION_MS = 500 * 86_400_000;

/**
 * The memory of the recall contract (`@agent-search/testing/recall-contract`): bot "Elena", a store of its
 * own, the time from `now`, and a retention longer than the oldest labelled pair (500 days), so only each
 * finding's kind decides how long it answers.
 */
export function recallContractMemory(now: () => number): SearchMemory {
  return createSearchMemory({
    botId: 'elena',
    botName: 'Elena',
    store: new MemoryFindingStore(),
    retention: { maxAgeMs: RECALL_CONTRACT_RETENTION_MS },
    now,
  });
}

/**
 * Two bots on one in-process store, sharing what they learn: Elena learns, Dotty asks (the tool contract's
 * `memories`: a finding recalled from another bot, attributed to the one that learned it).
 */
export function twoBotMemories(): { learner: SearchMemory; asker: SearchMemory } {
  const store = new MemoryFindingStore();
  return {
    learner: createSearchMemory({ botId: 'elena', botName: 'Elena', scope: 'shared', store }),
    asker: createSearchMemory({ botId: 'dotty', botName: 'Dotty', scope: 'shared', store }),
  };
}
