export {
  type ConfiguredSearch,
  type ConfiguredWebSearch,
  configuredWebSearch,
} from './configured-search.ts';
export { type LangChainToolOptions, langChainTool, langChainTools, type PerRun } from './layer-tool.ts';
export {
  type NativeSearchTool,
  type SearchToolSource,
  type SearchTools,
  type SearchToolsForOptions,
  searchToolsFor,
} from './native-search.ts';
export {
  type ReadPageArtifact,
  type ReadPageToolOptions,
  readPageTool,
} from './read-page-tool.ts';
export {
  type WebSearchArtifact,
  type WebSearchFailure,
  type WebSearchToolOptions,
  webSearchInputSchema,
  webSearchTool,
} from './web-search-tool.ts';
