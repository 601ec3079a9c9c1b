import {
  createSearchMemory,
  MemoryFindingStore,
  type SearchMemory,
  withSearchMemory,
} from '@agent-search/memory';
import { describeToolContract } from '@agent-search/testing/tool-contract';
import { generateText, stepCountIs } from 'ai';
import { webSearchTool } from '../src/index.ts';
import { toolCallingModel, toolResultSent } from './mock-model.ts';

// web_search through the real `ai` generateText, a mock model making the call: what the model got back.
describeToolContract<SearchMemory>({
  name: 'AI SDK web_search',
  async call({ client, trust, memory }, args) {
    const { model, calls } = toolCallingModel({ toolName: 'web_search', input: args }, { answer: 'done' });
    const searched = memory ? withSearchMemory(client, { memory }) : client;
    await generateText({
      model,
      tools: { web_search: webSearchTool({ client: searched, ...(trust === undefined ? {} : { trust }) }) },
      prompt: 'look it up',
      stopWhen: stepCountIs(3),
    });
    const sent = toolResultSent(calls) as { type: string; value: unknown };
    return { text: String(sent.value), isError: sent.type === 'error-text' };
  },
  memories() {
    const store = new MemoryFindingStore();
    return {
      learner: createSearchMemory({ botId: 'elena', botName: 'Elena', scope: 'shared', store }),
      asker: createSearchMemory({ botId: 'dotty', botName: 'Dotty', scope: 'shared', store }),
    };
  },
});
