import { WEB_SEARCH_FORMATS } from '@agent-search/core/tool';
import { recallContractMemory } from '@agent-search/memory/testing';
import {
  describeRecallContract,
  layerRecallSurface,
  loadRecallPairs,
} from '@agent-search/testing/recall-contract';
import { generateText, stepCountIs } from 'ai';
import { aiSdkTool } from '../src/index.ts';
import { askingModel, toolResultsSent } from './mock-model.ts';

// The labelled recall pairs through core's web_search layer tool and the one generic adapter (`aiSdkTool`),
// in every format the layer renders, the memory the layer's own hook: a mock model in the real generateText
// calls it for a batch's questions in one step.
describeRecallContract(
  layerRecallSurface(
    { name: 'AI SDK aiSdkTool(web_search)', formats: WEB_SEARCH_FORMATS, memory: recallContractMemory },
    async (tool, queries) => {
      const { model, calls } = askingModel('web_search', queries);
      await generateText({
        model,
        tools: { web_search: aiSdkTool(tool) },
        prompt: 'look them up',
        stopWhen: stepCountIs(2),
      });
      return toolResultsSent(calls, queries.length);
    },
  ),
  loadRecallPairs(),
);
