import { WEB_SEARCH_FORMATS } from '@agent-search/core/tool';
import { recallContractMemory } from '@agent-search/memory/testing';
import {
  describeRecallContract,
  layerRecallSurface,
  loadRecallPairs,
} from '@agent-search/testing/recall-contract';
import type { ToolMessage } from '@langchain/core/messages';
import { langChainTool } from '../src/index.ts';

// The labelled recall pairs through core's web_search layer tool and the one generic adapter
// (`langChainTool`), in every format the layer renders, the memory the layer's own hook, invoked as
// LangChain invokes a model's tool calls.
describeRecallContract(
  layerRecallSurface(
    {
      name: 'LangChain langChainTool(web_search)',
      formats: WEB_SEARCH_FORMATS,
      memory: recallContractMemory,
    },
    async (tool, queries) => {
      const adapted = langChainTool(tool);
      const messages = await Promise.all(
        queries.map(
          (query, i) =>
            adapted.invoke({
              id: `call-${i}`,
              name: 'web_search',
              args: { query },
              type: 'tool_call',
            }) as Promise<ToolMessage>,
        ),
      );
      return messages.map((m) => String(m.content));
    },
  ),
  loadRecallPairs(),
);
