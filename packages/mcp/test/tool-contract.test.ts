import { WEB_SEARCH_FORMATS } from '@agent-search/core/tool';
import {
  createSearchMemory,
  MemoryFindingStore,
  type SearchMemory,
  withSearchMemory,
} from '@agent-search/memory';
import { describeToolContract } from '@agent-search/testing/tool-contract';
import { webSearchTool } from '../src/web-search-tool.ts';
import { connectInMemory } from './connect.ts';

const textOf = (result: Record<string, unknown>) =>
  ((result.content as { type: string; text: string }[] | undefined) ?? []).map((c) => c.text).join('');

// web_search, in each format the server answers in, called by the official MCP SDK client on the real server
// over a linked in-memory transport (tool-contract-transports.test.ts drives it over stdio and HTTP). The trust is the server's SEARCH_MEMORY_TRUST.
describeToolContract<SearchMemory>({
  name: 'MCP web_search (in memory)',
  formats: WEB_SEARCH_FORMATS,
  flagsErrors: () => true,
  async call({ client, format, trust, memory }, args) {
    const searched = memory ? withSearchMemory(client, { memory }) : client;
    const mcp = await connectInMemory({
      tools: [webSearchTool({ client: searched, format, ...(trust === undefined ? {} : { trust }) })],
    });
    try {
      const result = await mcp.callTool({ name: 'web_search', arguments: args });
      return { text: textOf(result), isError: result.isError === true };
    } finally {
      await mcp.close();
    }
  },
  memories() {
    const store = new MemoryFindingStore();
    return {
      learner: createSearchMemory({ botId: 'elena', botName: 'Elena', scope: 'shared', store }),
      asker: createSearchMemory({ botId: 'dotty', botName: 'Dotty', scope: 'shared', store }),
    };
  },
});
