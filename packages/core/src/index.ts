export { raceAbort } from './abort.ts';
export type { SearchAttempt } from './attempt.ts';
export {
  SpendBudget,
  type SpendBudgetOptions,
  type SpendReservation,
  spendBudgetFromEnv,
} from './budget/spend-budget.ts';
export {
  MemorySpendStore,
  type SpendAddition,
  type SpendCounter,
  type SpendStore,
} from './budget/spend-store.ts';
export { Bulkhead, BulkheadFullError } from './bulkhead.ts';
export type { ProviderHealth } from './chain/breaker.ts';
export type { HedgeUsage } from './chain/hedge-budget.ts';
export type { ChainStateExchange, ChainStateStore, FleetChainState } from './chain/shared-state.ts';
export { SHARED_STATE_BOUNDS } from './chain/shared-state-bounds.ts';
export {
  createSearchClient,
  type HedgeOptions,
  type SearchClient,
  type SearchClientOptions,
  type SearchClientOverrides,
  type SearchOptions,
  wrapSearchClient,
} from './client.ts';
export { CodedError, type CodedErrorOptions, hasErrorMarker } from './coded-error.ts';
export {
  type LoadSearchConfigOptions,
  loadSearchConfig,
  type SearchConfig,
} from './config.ts';
export {
  readToolSets,
  SEARCH_CONFIG_VARIABLES,
  searchConfigVariables,
  TOOL_SETS,
  TOOL_SETS_VARIABLE,
  type ToolSet,
} from './config-variables.ts';
export { formatUsd } from './cost-note.ts';
export {
  carryDeadline,
  deadlineOf,
  type SearchDeadline,
  searchDeadline,
  startDeadline,
  timeLeft,
} from './deadline.ts';
export { readBoolean, readChoice, readInteger, readNumber, readUrl } from './env.ts';
export { SEARCH_ERROR_CODES, type SearchErrorCode } from './error-codes.ts';
export {
  isAbortError,
  isSearchError,
  redactSecrets,
  SearchConfigError,
  SearchError,
  type SearchErrorOptions,
} from './errors.ts';
export {
  codeForHttpStatus,
  errorMember,
  httpStatusError,
  isNetworkError,
  networkErrorCode,
  parseRetryAfter,
} from './http.ts';
export {
  createJsonApiProvider,
  type JsonApiProviderOptions,
  jsonPost,
  missingApiKeyError,
  requestJsonApi,
} from './json-api.ts';
export { JSON_SHAPE_LIMITS, parseBoundedJson } from './json-shape.ts';
export { apiKeyVariables } from './lazy-provider.ts';
export { type Logger, silentLogger } from './logger.ts';
export { searchMultiSource } from './multi-source.ts';
export {
  applyProfile,
  BUILT_IN_PROFILES,
  defineProfile,
  defineProfiles,
  MAX_PROFILE_TTL_SECONDS,
  type ProfileSet,
  profilesFromEnv,
  type SearchProfile,
} from './profiles.ts';
export type {
  Env,
  ProviderCapabilities,
  ProviderDefinition,
  ProviderModule,
  ProviderPrice,
  ProviderResponse,
  ProviderSearchOptions,
  SearchProvider,
  SearchProviderV1,
} from './provider.ts';
export type { ProviderSummary } from './provider-summary.ts';
export { normalizeQuery, queryWithSiteFilters } from './query.ts';
export { regionCountry, regionLanguage } from './region.ts';
export {
  isNormalizedRequest,
  MAX_RESULTS_LIMIT,
  type NormalizedRequest,
  normalizeMaxResults,
  normalizeMode,
  normalizeRequest,
  normalizeTimeRange,
  SAFE_SEARCH,
  type SafeSearch,
  SEARCH_MODES,
  type SearchMode,
  type SearchRequest,
  type SearchRequestInput,
  type TimeRange,
} from './request.ts';
export {
  type LearnedFrom,
  learnedNotice,
  RECALLED_CONTENT_NOTICE,
  type SearchResponse,
} from './response.ts';
export { normalizeResults, type RawResult, type SearchResult } from './result.ts';
export {
  cleanText,
  cleanUrl,
  FIELD_LIMITS,
  plainText,
  printableText,
  siteOf,
  toIsoDate,
  truncate,
} from './text.ts';
export {
  boundedFetch,
  checkBaseUrl,
  checkMaxBodyBytes,
  DEFAULT_MAX_BODY_BYTES,
  fetchUpstream,
  preferNodeHttp,
  readBodyLimited,
  type UpstreamHeaders,
} from './upstream-fetch.ts';
