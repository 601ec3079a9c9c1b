export { raceAbort } from './abort.ts';
export type { HedgeUsage } from './chain/hedge-budget.ts';
export {
  createSearchClient,
  type HedgeOptions,
  type SearchClient,
  type SearchClientOptions,
  type SearchOptions,
} from './client.ts';
export {
  type LoadSearchConfigOptions,
  loadSearchConfig,
  type ProviderSummary,
  redactKey,
  type SearchConfig,
} from './config.ts';
export { readBoolean, readChoice, readInteger, readNumber, readUrl } from './env.ts';
export {
  isAbortError,
  isSearchError,
  redactSecrets,
  SEARCH_ERROR_CODES,
  SearchConfigError,
  SearchError,
  type SearchErrorCode,
  type SearchErrorOptions,
} from './errors.ts';
export {
  type CooldownOptions,
  type ProviderHealth,
  ProviderHealthTracker,
  type ProviderState,
} from './health.ts';
export {
  codeForHttpStatus,
  ERROR_PHRASES,
  type HttpStatusErrorOptions,
  httpStatusError,
  isNetworkError,
  networkErrorCode,
  parseRetryAfter,
} from './http.ts';
export { type JsonApiOptions, missingApiKeyError, requestJsonApi } from './json-api.ts';
export { type Logger, silentLogger } from './logger.ts';
export {
  canonicalUrl,
  eligibleProviders,
  type MergedResult,
  type MultiSourceOptions,
  type MultiSourceResponse,
  mergeRanked,
  RRF_K,
  searchMultiSource,
} from './multi-source.ts';
export {
  applyProfile,
  BUILT_IN_PROFILES,
  defineProfile,
  defineProfiles,
  MAX_PROFILE_TTL_SECONDS,
  type ProfileDefinition,
  type ProfileSet,
  profilesFromEnv,
  resolveProfile,
  type SearchProfile,
} from './profiles.ts';
export {
  type Env,
  type ProviderCapabilities,
  type ProviderDefinition,
  type ProviderModule,
  type ProviderResponse,
  type ProviderSearchOptions,
  type SearchProvider,
  type SearchProviderV1,
  unsupportedReason,
} from './provider.ts';
export { normalizeQuery, queryWithSiteFilters } from './query.ts';
export { regionCountry, regionLanguage } from './region.ts';
export {
  DEFAULT_MAX_RESULTS,
  MAX_QUERY_LENGTH,
  MAX_RESULTS_LIMIT,
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
  TIME_RANGES,
  type TimeRange,
} from './request.ts';
export type { AttemptOutcome, SearchAttempt, SearchResponse } from './response.ts';
export { normalizeResults, type RawResult, type SearchResult, urlMatchesDomain } from './result.ts';
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
  formatBytes,
  type ReadBodyOptions,
  readBodyLimited,
  type UpstreamFetchOptions,
  type UpstreamIdentity,
  type UpstreamResponse,
} from './upstream-fetch.ts';
export * from './views/index.ts';
