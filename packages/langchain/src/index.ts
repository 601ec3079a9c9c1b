export {
  type WebSearchArtifact,
  type WebSearchFailure,
  type WebSearchToolOptions,
  webSearchInputSchema,
  webSearchTool,
} from './web-search-tool.ts';
// A `readPageTool` (the page reader's tool) joins `webSearchTool` here, in its own module.
