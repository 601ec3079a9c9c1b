import { WEB_SEARCH_FORMATS, webSearchTool } from '@agent-search/core/tool';
import type { SearchMemory } from '@agent-search/memory';
import { twoBotMemories } from '@agent-search/memory/testing';
import { describeToolContract } from '@agent-search/testing/tool-contract';
import type { ToolMessage } from '@langchain/core/messages';
import { langChainTool } from '../src/index.ts';

// Core's web_search layer tool through the one generic adapter (`langChainTool`), in every format the layer
// renders: what a new tool or format gets on LangChain with no code of its own.
describeToolContract<SearchMemory>({
  name: 'LangChain langChainTool(web_search)',
  formats: WEB_SEARCH_FORMATS,
  async call({ client, format, trust, memory }, args) {
    const tool = langChainTool(
      webSearchTool({ client, format, ...(memory ? { memory: { memory } } : {}) }),
      trust === undefined ? {} : { trust },
    );
    const message = (await tool.invoke({
      id: 'call-1',
      name: 'web_search',
      args,
      type: 'tool_call',
    })) as ToolMessage;
    return { text: String(message.content) };
  },
  memories: twoBotMemories,
});
