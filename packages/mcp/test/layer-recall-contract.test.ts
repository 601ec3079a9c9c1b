import { WEB_SEARCH_FORMATS } from '@agent-search/core/tool';
import { recallContractMemory } from '@agent-search/memory/testing';
import {
  describeRecallContract,
  layerRecallSurface,
  loadRecallPairs,
} from '@agent-search/testing/recall-contract';
import { mcpTool } from '../src/index.ts';
import { connectInMemory, textOf } from './connect.ts';

// The labelled recall pairs through core's web_search layer tool and the one generic adapter (`mcpTool`),
// in every format the layer renders, the memory the layer's own hook, asked by the official MCP SDK client
// (one connection per batch).
describeRecallContract(
  layerRecallSurface(
    { name: 'MCP mcpTool(web_search)', formats: WEB_SEARCH_FORMATS, memory: recallContractMemory },
    async (tool, queries) => {
      const mcp = await connectInMemory({ tools: [mcpTool(tool)] });
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
  ),
  loadRecallPairs(),
);
