export { type PerCall, participantIdentity } from './caller.ts';
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
export { SEARCH_TOOL_NAME, SEARCH_TOOL_RULES, SEARCH_UNAVAILABLE_RULES } from './rules.ts';
export {
  createSearchInternetTool,
  SEARCH_TOOL_DESCRIPTION,
  SEARCH_TOOL_FORMATS,
  type SearchInternetArgs,
  type SearchInternetResult,
  type SearchInternetToolOptions,
  type SearchToolFormat,
  searchInternetParameters,
} from './search-tool.ts';
