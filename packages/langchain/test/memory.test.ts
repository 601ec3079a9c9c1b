import { fileURLToPath } from 'node:url';
import type { WebSearchOutput } from '@agent-search/core/views';
import {
  createSearchMemory,
  RedisFindingStore,
  trustMemoryPolicy,
  withSearchMemory,
} from '@agent-search/memory';
import { loopbackSearchClient } from '@agent-search/testing/bot-process';
import { describeSharedMemory } from '@agent-search/testing/shared-memory';
import type { ToolMessage } from '@langchain/core/messages';
import { webSearchTool } from '../src/index.ts';

describeSharedMemory({
  framework: 'LangChain',
  script: fileURLToPath(new URL('./fixtures/memory-bot.ts', import.meta.url)),
  nodeArgs: ['--conditions=source'],
  localBot(redisUrl, upstreamUrl) {
    const store = new RedisFindingStore({ url: redisUrl });
    const memory = createSearchMemory({ botId: 'dotty', botName: 'Dotty', scope: 'shared', store });
    return {
      client: withSearchMemory(loopbackSearchClient(upstreamUrl), { memory, policy: trustMemoryPolicy(50) }),
      forgetUser: (userId) => memory.forgetUser(userId),
      findingKeys: () => store.client.keys('agent-search:memory:f:*'),
      close: () => memory.close(),
    };
  },
  async ask(client, query, userId) {
    const message = (await webSearchTool({ client, ...(userId ? { userId } : {}) }).invoke({
      name: 'web_search',
      args: { query },
      id: 'call-2',
      type: 'tool_call',
    })) as ToolMessage;
    return { output: message.artifact as WebSearchOutput, modelSaw: String(message.content) };
  },
});
