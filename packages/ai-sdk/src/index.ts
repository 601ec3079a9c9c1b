export {
  type ConfiguredSearch,
  type ConfiguredWebSearch,
  configuredWebSearch,
} from './configured-search.ts';
export {
  type AiSdkToolOptions,
  aiSdkTool,
  aiSdkTools,
  type PerToolCall,
  type ToolCallContext,
} from './layer-tool.ts';
export {
  type SearchToolSource,
  type SearchTools,
  type SearchToolsForOptions,
  searchToolsFor,
  type VendorProviders,
} from './native-search.ts';
export {
  type ReadPageToolOptions,
  type ReadPageToolOutput,
  readPageTool,
} from './read-page-tool.ts';
export {
  type WebSearchInput,
  type WebSearchToolOptions,
  webSearchInputSchema,
  webSearchTool,
} from './web-search-tool.ts';
