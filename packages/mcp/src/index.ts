export {
  DEFAULT_BODY_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_MAX_SESSIONS_PER_CLIENT,
  DEFAULT_SESSION_IDLE_MS,
  MCP_PATH,
  type McpClient,
  McpHttpConfigError,
  type McpHttpServer,
  type McpHttpServerOptions,
  startMcpHttpServer,
} from './http-server.ts';
export { InFlightCalls } from './in-flight.ts';
export { type McpLayerToolOptions, mcpTool } from './layer-tool.ts';
export { DEFAULT_PORT, type McpMainContext, mcpUsage, runMcpServer } from './main.ts';
export {
  DEFAULT_MAX_CONCURRENT_READS,
  DEFAULT_MAX_QUEUED_READS,
  type ReadPageToolOptions,
  readPageTool,
} from './read-page-tool.ts';
export { PROVIDER_DEFINITIONS } from './registry.ts';
export { type EnvSearchClient, searchClientFromEnv } from './search-client.ts';
export { createSearchMcpServer, type SearchMcpServerOptions } from './server.ts';
export { defineMcpTool, type McpTool, type ToolCallContext, toolError } from './tool.ts';
export {
  type WebSearchToolOptions,
  webSearchInputSchema,
  webSearchOutputSchema,
  webSearchTool,
} from './web-search-tool.ts';
