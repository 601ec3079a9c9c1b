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
import { generateText, stepCountIs } from 'ai';
import { webSearchTool } from '../src/index.ts';
import { toolCallingModel } from './mock-model.ts';

describeSharedMemory({
  framework: 'AI SDK',
  script: fileURLToPath(new URL('./fixtures/memory-bot.ts', import.meta.url)),
  // Without --conditions=source: `ai` depends on packages that publish a "source" condition of raw .ts.
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
    const { model, calls } = toolCallingModel(
      { toolName: 'web_search', input: { query } },
      { answer: 'Astana.' },
    );
    const result = await generateText({
      model,
      tools: { web_search: webSearchTool({ client, ...(userId ? { userId } : {}) }) },
      prompt: `${query}?`,
      stopWhen: stepCountIs(3),
    });
    const output = result.steps[0]!.toolResults[0]!.output as WebSearchOutput;
    return { output, modelSaw: JSON.stringify(calls[1]!.prompt) };
  },
});
