// `@agent-search/core/tool`: the tools as one layer, with no framework in it: each a `LayerTool` value
// (`web_search`, `read_page`; domain packages define theirs). Every surface
// (the LiveKit tool, the MCP server, the AI SDK and LangChain tools, the CLI) maps its caller to a
// `WebSearchToolContext` and calls `runWebSearchTool`; see docs/architecture.md.
export { readResultCount, readWebSearchArguments, type WebSearchArguments } from './arguments.ts';
export {
  argumentsObject,
  defineTool,
  type LayerTool,
  type ToolAnswer,
  type ToolCall,
  type ToolCaller,
  type ToolParameter,
  toolJsonSchema,
} from './define.ts';
export {
  DEFAULT_RECALL_TIMEOUT_MS,
  type MemoryPolicy,
  type MemoryPolicySource,
  type MemorySearchAnswer,
  type MemoryStepOptions,
  searchThroughMemory,
  type ToolFinding,
  type ToolMemory,
  type ToolSearchOutcome,
  type ToolTraces,
} from './memory.ts';
export {
  WEB_SEARCH_PARAMETERS,
  type WebSearchParameter,
  webSearchJsonSchema,
  webSearchParameter,
} from './parameters.ts';
export {
  checkPolicy,
  FOLLOW_UP_REFUSAL,
  SAFE_DEFAULT_POLICY,
  type SearchPolicy,
  TRUST_TIERS,
  type TrustTier,
  TurnBudget,
  trustTier,
  trustTierPolicy,
} from './policy.ts';
export {
  GROUNDING_TOPIC,
  type GroundingMessage,
  grounding,
  groundingMessage,
  ProvenanceCollector,
  type ProvenanceEntry,
  provenanceEntry,
} from './provenance.ts';
export {
  EMPTY_URL_ERROR,
  READ_CANCELLED_ERROR,
  READ_PAGE_PARAMETERS,
  type ReadPageFailure,
  type ReadPageToolOutput,
  type ReadPageToolSetup,
  readPageTool,
} from './read-page.ts';
export {
  failureReason,
  isTextFormat,
  isWebSearchFormat,
  type Rendered,
  renderAnswer,
  renderFailure,
  type SourcesAnswer,
  type ToolFailureReason,
  WEB_SEARCH_FORMATS,
  type WebSearchFormat,
} from './render.ts';
export {
  type NewsResultView,
  type ResultView,
  type SearchToolOutput,
  type TextResultView,
  toResultView,
  toToolOutput,
  type VideoResultView,
} from './results-view.ts';
export {
  callerPolicy,
  runWebSearchTool,
  type ToolMemoryHook,
  type WebSearchOutcome,
  type WebSearchToolAnswer,
  type WebSearchToolContext,
} from './run.ts';
export {
  ANY_SEARCH_TYPE,
  checkSearchType as searchTypes,
  type SearchType,
  searchTypeDescription,
  searchTypeProfile,
} from './search-type.ts';
export { type WebSearchToolSetup, webSearchTool } from './web-search.ts';
