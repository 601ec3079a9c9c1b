import {
  createSearchMemory,
  MemoryFindingStore,
  type SearchMemory,
  withSearchMemory,
} from '@agent-search/memory';
import { describeRecallContract, loadRecallPairs } from '@agent-search/testing/recall-contract';
import { webSearchTool } from '../src/web-search-tool.ts';
import { connectInMemory } from './connect.ts';

const DAY = 86_400_000;
const textOf = (result: Record<string, unknown>) =>
  ((result.content as { type: string; text: string }[] | undefined) ?? []).map((c) => c.text).join('');

// The labelled recall pairs asked by the official MCP SDK client of the real server (a linked in-memory
// transport), one connection per batch, the memory a client layer in front of the server's search.
describeRecallContract<SearchMemory>(
  {
    name: 'MCP web_search',
    memory: (now) =>
      createSearchMemory({
        botId: 'elena',
        botName: 'Elena',
        store: new MemoryFindingStore(),
        retention: { maxAgeMs: 500 * DAY },
        now,
      }),
    async ask({ client, memory }, queries) {
      const mcp = await connectInMemory({
        tools: [webSearchTool({ client: withSearchMemory(client, { memory }) })],
      });
      try {
        const texts: string[] = [];
        for (const query of queries) {
          const result = await mcp.callTool({ name: 'web_search', arguments: { query } });
          texts.push(textOf(result));
        }
        return texts;
      } finally {
        await mcp.close();
      }
    },
  },
  loadRecallPairs(),
);
