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

// web_search called by the official MCP SDK client on the real server (a linked in-memory transport; the
// stdio tests drive the built command the same way). The trust is the server's SEARCH_MEMORY_TRUST.
describeToolContract<SearchMemory>({
  name: 'MCP web_search',
  async call({ client, trust, memory }, args) {
    const searched = memory ? withSearchMemory(client, { memory }) : client;
    const mcp = await connectInMemory({
      tools: [webSearchTool({ client: searched, ...(trust === undefined ? {} : { trust }) })],
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
