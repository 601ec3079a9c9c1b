export { type PerCall, participantIdentity } from './caller.ts';
export { type PublishGroundingOptions, publishGroundingAfterReplies } from './grounding-publisher.ts';
export {
  type DataPublisher,
  DEFAULT_LOADING_MESSAGE,
  LOADING_STATUS_TOPIC,
  type LoadingStatus,
  type LoadingStatusPublisher,
  type LoadingStatusPublishFn,
} from './loading-status.ts';
export {
  EMPTY_QUERY_ERROR,
  type NewsResultView,
  type ResultView,
  type SearchToolOutput,
  type TextResultView,
  toResultView,
  type VideoResultView,
} from './model-output.ts';
export {
  FOLLOW_UP_REFUSAL,
  resolvePolicy,
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
  RECALLED_CONTENT_NOTICE,
  SEARCH_TOOL_NAME,
  SEARCH_TOOL_RULES,
  SEARCH_UNAVAILABLE_RULES,
} from './rules.ts';
export type { SearchStepAnswer, ToolFinding, ToolMemory } from './search-step.ts';
export {
  createSearchInternetTool,
  type DeprecatedSearchToolFormat,
  SEARCH_TOOL_DESCRIPTION,
  SEARCH_TOOL_FORMATS,
  type SearchInternetArgs,
  type SearchInternetResult,
  type SearchInternetToolOptions,
  type SearchToolFormat,
  searchInternetParameters,
} from './search-tool.ts';
export { ANY_SEARCH_TYPE } from './search-type.ts';
