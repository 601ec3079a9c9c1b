export { type ReadPageToolOptions, readPageInputSchema, readPageTool } from './read-page-tool.ts';
export {
  type WebSearchInput,
  type WebSearchToolOptions,
  webSearchInputSchema,
  webSearchTool,
} from './web-search-tool.ts';
