import { fileURLToPath } from 'node:url';
import type { WebSearchOutput } from '@agent-search/core/views';
import { sharedMemoryBot } from '@agent-search/memory/testing';
import { describeSharedMemory } from '@agent-search/testing/shared-memory';
import type { ToolMessage } from '@langchain/core/messages';
import { webSearchTool } from '../src/index.ts';

describeSharedMemory({
  framework: 'LangChain',
  script: fileURLToPath(new URL('./fixtures/memory-bot.ts', import.meta.url)),
  nodeArgs: ['--conditions=source'],
  localBot: (redisUrl, upstreamUrl) =>
    sharedMemoryBot({ redisUrl, upstreamUrl, botId: 'dotty', botName: 'Dotty', trust: 50 }),
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
