import { fileURLToPath } from 'node:url';
import type { WebSearchOutput } from '@agent-search/core/views';
import { sharedMemoryBot } from '@agent-search/memory/testing';
import { describeSharedMemory } from '@agent-search/testing/shared-memory';
import { generateText, stepCountIs } from 'ai';
import { webSearchTool } from '../src/index.ts';
import { toolCallingModel } from './mock-model.ts';

describeSharedMemory({
  framework: 'AI SDK',
  script: fileURLToPath(new URL('./fixtures/memory-bot.ts', import.meta.url)),
  // Without --conditions=source: `ai` depends on packages that publish a "source" condition of raw .ts.
  localBot: (redisUrl, upstreamUrl) =>
    sharedMemoryBot({ redisUrl, upstreamUrl, botId: 'dotty', botName: 'Dotty', trust: 50 }),
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
