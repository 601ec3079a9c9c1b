import { WEB_SEARCH_FORMATS, webSearchTool } from '@agent-search/core/tool';
import type { SearchMemory } from '@agent-search/memory';
import { twoBotMemories } from '@agent-search/memory/testing';
import { describeToolContract } from '@agent-search/testing/tool-contract';
import { generateText, stepCountIs } from 'ai';
import { aiSdkTool } from '../src/index.ts';
import { toolCallingModel, toolResultSent } from './mock-model.ts';

// Core's web_search layer tool through the one generic adapter (`aiSdkTool`), called by a mock model in the
// real `generateText`, in every format the layer renders: what a new tool or format gets on the AI SDK with
// no code of its own. A failure is the SDK's tool error in every format.
describeToolContract<SearchMemory>({
  name: 'AI SDK aiSdkTool(web_search)',
  formats: WEB_SEARCH_FORMATS,
  flagsErrors: () => true,
  async call({ client, format, trust, memory }, args) {
    const { model, calls } = toolCallingModel({ toolName: 'web_search', input: args }, { answer: 'done' });
    const tool = webSearchTool({ client, format, ...(memory ? { memory: { memory } } : {}) });
    await generateText({
      model,
      tools: { web_search: aiSdkTool(tool, trust === undefined ? {} : { trust }) },
      prompt: 'look it up',
      stopWhen: stepCountIs(3),
    });
    const sent = toolResultSent(calls) as { type: string; value: unknown };
    const text = typeof sent.value === 'string' ? sent.value : JSON.stringify(sent.value);
    return { text, isError: sent.type === 'error-text' };
  },
  memories: twoBotMemories,
});
