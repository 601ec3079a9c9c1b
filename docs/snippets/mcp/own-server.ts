import { createSearchClient } from '@agent-search/core';
import { createSearchMcpServer, startMcpHttpServer, webSearchTool } from '@agent-search/mcp';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';

// Any SearchClient: usually loadSearchConfig(process.env, { definitions }) wrapped by a cache.
const client = createSearchClient({ providers: [createDuckDuckGoProvider()] });
const tools = [webSearchTool({ client })];
export const http = await startMcpHttpServer({
  createServer: ({ id }) => createSearchMcpServer({ tools, clientId: id }),
  port: Number(process.env.PORT ?? 8787),
});
console.log(`MCP server on ${http.url}`);
process.once('SIGTERM', () => void http.close());
