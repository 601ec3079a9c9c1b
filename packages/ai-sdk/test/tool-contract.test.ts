import { WEB_SEARCH_FORMATS } from '@agent-search/core/tool';
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

// web_search, in each format it answers in, through the real `ai` generateText, a mock model making the call: what the model got back.
describeToolContract<SearchMemory>({
  name: 'AI SDK web_search',
  // Every format the layer renders; a failure is the SDK's tool error in each (the envelope's JSON in agent-server).
  formats: WEB_SEARCH_FORMATS,
  flagsErrors: () => true,
  async call({ client, format, trust, memory }, args) {
    const { model, calls } = toolCallingModel({ toolName: 'web_search', input: args }, { answer: 'done' });
    const searched = memory ? withSearchMemory(client, { memory }) : client;
    const caller = trust === undefined ? {} : { trust };
    await generateText({
      model,
      tools: { web_search: webSearchTool({ client: searched, format, ...caller }) },
      prompt: 'look it up',
      stopWhen: stepCountIs(3),
    });
    const sent = toolResultSent(calls) as { type: string; value: unknown };
    const text = typeof sent.value === 'string' ? sent.value : JSON.stringify(sent.value);
    return { text, isError: sent.type === 'error-text' };
  },
  memories() {
    const store = new MemoryFindingStore();
    return {
      learner: createSearchMemory({ botId: 'elena', botName: 'Elena', scope: 'shared', store }),
      asker: createSearchMemory({ botId: 'dotty', botName: 'Dotty', scope: 'shared', store }),
    };
  },
});
