export {
  type ConfiguredSearch,
  type ConfiguredWebSearch,
  configuredWebSearch,
} from './configured-search.ts';
export {
  type SearchToolSource,
  type SearchTools,
  type SearchToolsForOptions,
  searchToolsFor,
  type VendorProviders,
} from './native-search.ts';
export {
  type ReadPageInput,
  type ReadPageToolOptions,
  type ReadPageToolOutput,
  readPageInputSchema,
  readPageTool,
} from './read-page-tool.ts';
export {
  type WebSearchInput,
  type WebSearchToolOptions,
  webSearchInputSchema,
  webSearchTool,
} from './web-search-tool.ts';
