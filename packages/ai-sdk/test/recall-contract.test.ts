import { WEB_SEARCH_FORMATS } from '@agent-search/core/tool';
import { withSearchMemory } from '@agent-search/memory';
import { recallContractMemory } from '@agent-search/memory/testing';
import { describeRecallContract, loadRecallPairs } from '@agent-search/testing/recall-contract';
import { generateText, stepCountIs } from 'ai';
import { webSearchTool } from '../src/index.ts';
import { askingModel, toolResultsSent } from './mock-model.ts';

// The labelled recall pairs asked through the real `ai` generateText, in every format the AI SDK's own
// web_search answers in: a mock model calls web_search for a batch's questions in one step, the memory a
// client layer in front of the search.
describeRecallContract(
  {
    name: 'AI SDK web_search',
    formats: WEB_SEARCH_FORMATS,
    memory: recallContractMemory,
    async ask({ client, memory, format }, queries) {
      const { model, calls } = askingModel('web_search', queries);
      const searched = withSearchMemory(client, { memory });
      await generateText({
        model,
        tools: { web_search: webSearchTool({ client: searched, format }) },
        prompt: 'look them up',
        stopWhen: stepCountIs(2),
      });
      return toolResultsSent(calls, queries.length);
    },
  },
  loadRecallPairs(),
);
