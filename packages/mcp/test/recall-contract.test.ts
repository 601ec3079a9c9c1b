import { WEB_SEARCH_FORMATS } from '@agent-search/core/tool';
import { withSearchMemory } from '@agent-search/memory';
import { recallContractMemory } from '@agent-search/memory/testing';
import { describeRecallContract, loadRecallPairs } from '@agent-search/testing/recall-contract';
import { webSearchTool } from '../src/web-search-tool.ts';
import { connectInMemory, textOf } from './connect.ts';

// The labelled recall pairs asked by the official MCP SDK client of the real server (a linked in-memory
// transport), in every format the server's web_search answers in, one connection per batch, the memory a
// client layer in front of the server's search.
describeRecallContract(
  {
    name: 'MCP web_search',
    formats: WEB_SEARCH_FORMATS,
    memory: recallContractMemory,
    async ask({ client, memory, format }, queries) {
      const mcp = await connectInMemory({
        tools: [webSearchTool({ client: withSearchMemory(client, { memory }), format })],
      });
      try {
        const texts: string[] = [];
        for (const query of queries) {
          texts.push(textOf(await mcp.callTool({ name: 'web_search', arguments: { query } })));
        }
        return texts;
      } finally {
        await mcp.close();
      }
    },
  },
  loadRecallPairs(),
);
