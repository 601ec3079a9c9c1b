import { WEB_SEARCH_TOOL_FORMATS, type WebSearchToolFormat } from '@agent-search/core/views';
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
describeToolContract<SearchMemory, WebSearchToolFormat>({
  name: 'AI SDK web_search',
  formats: WEB_SEARCH_TOOL_FORMATS,
  // `model`: a failure is the tool's error; `agent-server`: the `web_search_error` envelope is its output.
  flagsErrors: (format) => format === 'model',
  async call({ client, format, trust, memory }, args) {
    const { model, calls } = toolCallingModel({ toolName: 'web_search', input: args }, { answer: 'done' });
    const searched = memory ? withSearchMemory(client, { memory }) : client;
    const caller = trust === undefined ? {} : { trust };
    await generateText({
      model,
      tools: {
        web_search:
          format === 'agent-server'
            ? webSearchTool({ client: searched, format, ...caller })
            : webSearchTool({ client: searched, format, ...caller }),
      },
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
