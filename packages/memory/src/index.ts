export {
  BOT_ID,
  type Finding,
  type FindingFact,
  type FindingScope,
  type FindingSource,
  findingSites,
  learnedNote,
  MAX_FACT_CHARS,
  MAX_FACTS,
  MAX_SOURCES,
  parseFinding,
} from './finding.ts';
export {
  CHANGE_LOG_LENGTH,
  DEFAULT_RETENTION,
  type FindingChanges,
  type FindingStore,
  MemoryFindingStore,
  type Retention,
} from './finding-store.ts';
export {
  classifyFreshness,
  FRESHNESS_KINDS,
  FRESHNESS_MAX_AGE_MS,
  type FreshnessClassifier,
  type FreshnessKind,
  questionKind,
  stricterKind,
} from './freshness.ts';
// The memory layer (withSearchMemory and its policies), as its own entry exports it.
export * from './layer.ts';
export {
  type EnvSearchMemory,
  SEARCH_MEMORY_ENV,
  searchMemoryFromEnv,
  trustFromEnv,
} from './memory-from-env.ts';
export {
  classifyQuery,
  isTimeSensitive,
  QUERY_KINDS,
  type QueryClassifier,
  type QueryKind,
  TIME_SENSITIVE_KINDS,
} from './query-kind.ts';
export { RedisFindingStore, type RedisFindingStoreOptions, VERSION_TRUST_MS } from './redis-finding-store.ts';
export { type Asks, type QuestionShape, questionShape, sameQuestion } from './same-question.ts';
export {
  createSearchMemory,
  DEFAULT_FACT_CONFIDENCE,
  type FactsInput,
  type FindingInput,
  type RecalledFact,
  type RecalledFinding,
  type RecallOptions,
  type SearchMemory,
  type SearchMemoryOptions,
  type UserDataHolder,
} from './search-memory.ts';
export {
  createTraceLog,
  emptyCounts,
  type KindCounts,
  MemoryTraceCounts,
  REPEAT_WINDOW_MS,
  type RoutingHint,
  routeFor,
  type SearchOutcome,
  TRACE_FIELDS,
  type TraceContext,
  type TraceCounts,
  type TraceField,
  type TraceLog,
  type TraceLogOptions,
  type TraceStore,
} from './trace-log.ts';
