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
