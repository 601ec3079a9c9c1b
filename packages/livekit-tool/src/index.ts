export {
  ANY_SEARCH_TYPE,
  FOLLOW_UP_REFUSAL,
  GROUNDING_TOPIC,
  type GroundingMessage,
  grounding,
  groundingMessage,
  type NewsResultView,
  ProvenanceCollector,
  type ProvenanceEntry,
  provenanceEntry,
  type ResultView,
  SAFE_DEFAULT_POLICY,
  type SearchPolicy,
  type SearchToolOutput,
  type TextResultView,
  type ToolFinding,
  type ToolMemory,
  type ToolMemoryHook,
  TRUST_TIERS,
  type TrustTier,
  TurnBudget,
  toResultView,
  trustTier,
  trustTierPolicy,
  type VideoResultView,
} from '@agent-search/core/tool';
// The tool layer's (`@agent-search/core/tool`), re-exported so a LiveKit app imports one package.
export { EMPTY_QUERY_ERROR } from '@agent-search/core/views';
export { type PerCall, participantIdentity } from './caller.ts';
export { type PublishGroundingOptions, publishGroundingAfterReplies } from './grounding-publisher.ts';
export { type LiveKitLayerTool, type LiveKitToolOptions, liveKitTool, liveKitTools } from './layer-tool.ts';
export {
  type DataPublisher,
  DEFAULT_LOADING_MESSAGE,
  LOADING_STATUS_TOPIC,
  type LoadingStatus,
  type LoadingStatusPublisher,
  type LoadingStatusPublishFn,
} from './loading-status.ts';
export {
  type SearchToolSource,
  type SearchTools,
  type SearchToolsForOptions,
  searchToolsFor,
} from './native-search.ts';
export {
  RECALLED_CONTENT_NOTICE,
  SEARCH_TOOL_NAME,
  SEARCH_TOOL_RULES,
  SEARCH_UNAVAILABLE_RULES,
} from './rules.ts';
export {
  createSearchInternetTool,
  type DeprecatedSearchToolFormat,
  SEARCH_TOOL_DESCRIPTION,
  SEARCH_TOOL_FORMATS,
  type SearchCaller,
  type SearchInternetArgs,
  type SearchInternetResult,
  type SearchInternetToolOptions,
  type SearchToolFormat,
  type SearchToolSetup,
  searchInternetParameters,
} from './search-tool.ts';
