import { WEB_SEARCH_FORMATS, webSearchTool } from '@agent-search/core/tool';
import type { SearchMemory } from '@agent-search/memory';
import { twoBotMemories } from '@agent-search/memory/testing';
import { describeToolContract } from '@agent-search/testing/tool-contract';
import { mcpTool } from '../src/index.ts';
import { connectInMemory, textOf } from './connect.ts';

// Core's web_search layer tool through the one generic adapter (`mcpTool`), called by the official MCP SDK
// client, in every format the layer renders: what a new tool or format gets over MCP with no code of its own.
describeToolContract<SearchMemory>({
  name: 'MCP mcpTool(web_search)',
  formats: WEB_SEARCH_FORMATS,
  flagsErrors: () => true,
  async call({ client, format, trust, memory }, args) {
    const tool = webSearchTool({ client, format, ...(memory ? { memory: { memory } } : {}) });
    const mcp = await connectInMemory({ tools: [mcpTool(tool, trust === undefined ? {} : { trust })] });
    try {
      const result = await mcp.callTool({ name: 'web_search', arguments: args });
      return { text: textOf(result), isError: result.isError === true };
    } finally {
      await mcp.close();
    }
  },
  memories: twoBotMemories,
});
