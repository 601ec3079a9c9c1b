export {
  type AgentServerError,
  type AgentServerResult,
  toAgentServerEnvelope,
  toAgentServerError,
} from './agent-server.ts';
export { type ModelTextOptions, toModelText } from './model-text.ts';
export {
  type PageReader,
  type PageText,
  pageModelText,
  READ_PAGE_ARGUMENTS,
  READ_PAGE_LIMITS,
  READ_PAGE_TOOL_DESCRIPTION,
  READ_PAGE_TOOL_NAME,
  type ReadOptions,
  type ReadPageBudgetArgs,
  readPageBudget,
  readPageFailure,
} from './read-page-tool.ts';
export { isViewFormat, type RenderViewOptions, renderView, VIEW_FORMATS, type ViewFormat } from './render.ts';
export { type GroundingFooterOptions, type Source, toGroundingFooter, toSources } from './sources.ts';
export { type StaleNotice, type StaleNoticeOptions, staleNotice } from './staleness.ts';
export { type StructuredResults, toStructured } from './structured.ts';
export { CANCELLED_ERROR, EMPTY_QUERY_ERROR, toolErrorMessage } from './tool-error.ts';
export {
  toWebSearchOutput,
  toWebSearchToolError,
  WEB_SEARCH_TOOL_DESCRIPTION,
  WEB_SEARCH_TOOL_FORMATS,
  WEB_SEARCH_TOOL_NAME,
  type WebSearchAnswer,
  type WebSearchFailure,
  type WebSearchOutput,
  type WebSearchToolFormat,
  webSearchAnswer,
  webSearchFailure,
  webSearchToolDescription,
} from './web-search-tool.ts';
export { toXml, type XmlViewOptions } from './xml.ts';
