// `@agent-search/mcp/server`: the MCP server and its web_search tool, without what only Node loads (the
// node:http server, stdio, the command line, pino, the page reader, the environment's search stack), so a
// fetch runtime (a Cloudflare Worker, Deno, Bun) serves it through the SDK's web-standard transport.
export { InFlightCalls } from './in-flight.ts';
export { createSearchMcpServer, type SearchMcpServerOptions } from './server.ts';
export { defineMcpTool, type McpTool, type ToolCallContext, toolError } from './tool.ts';
export {
  type WebSearchToolOptions,
  webSearchInputSchema,
  webSearchOutputSchema,
  webSearchTool,
} from './web-search-tool.ts';
