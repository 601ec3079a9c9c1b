import { WEB_SEARCH_FORMATS } from '@agent-search/core/tool';
import {
  createSearchMemory,
  MemoryFindingStore,
  type SearchMemory,
  withSearchMemory,
} from '@agent-search/memory';
import { describeToolContract } from '@agent-search/testing/tool-contract';
import type { ToolMessage } from '@langchain/core/messages';
import { webSearchTool } from '../src/index.ts';

// web_search, in each format it answers in, invoked as LangChain invokes a model's tool call (a ToolCall in, a ToolMessage out), through
// `@langchain/core`'s own schema parsing.
describeToolContract<SearchMemory>({
  name: 'LangChain web_search',
  formats: WEB_SEARCH_FORMATS,
  flagsErrors: () => true,
  async call({ client, format, trust, memory }, args) {
    const searched = memory ? withSearchMemory(client, { memory }) : client;
    const tool = webSearchTool({ client: searched, format, ...(trust === undefined ? {} : { trust }) });
    const message = (await tool.invoke({
      id: 'call-1',
      name: 'web_search',
      args,
      type: 'tool_call',
    })) as ToolMessage;
    const artifact = message.artifact as { error?: string } | undefined;
    return { text: String(message.content), isError: artifact?.error !== undefined };
  },
  memories() {
    const store = new MemoryFindingStore();
    return {
      learner: createSearchMemory({ botId: 'elena', botName: 'Elena', scope: 'shared', store }),
      asker: createSearchMemory({ botId: 'dotty', botName: 'Dotty', scope: 'shared', store }),
    };
  },
});
