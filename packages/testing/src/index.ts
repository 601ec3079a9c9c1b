export {
  describeProviderConformance,
  type FaultCase,
  type HostileOptions,
  type HostileProviderOptions,
  type ProviderConformanceOptions,
} from './conformance.ts';
export { HANG_MS } from './hang.ts';
export {
  HEAT_PUMP_ENTRIES,
  HOSTILE_ENTRIES,
  type HostileAnswer,
  type HostileEntry,
  type HostileRequest,
  type HostileTarget,
  type HostileUpstream,
  hostileBasePath,
  hostileError,
  hostileResults,
  hostileRoute,
  hugeAnswer,
  slowDrip,
  startHostileUpstream,
  UNSAFE_CHARACTERS,
} from './hostile-upstream.ts';
export { createHttpTestProvider, type HttpTestProviderOptions } from './http-provider.ts';
export { describeHttpStatusContract, type HttpStatusContractOptions } from './http-status-contract.ts';
export { type JsonApiFaultOptions, jsonApiFaults } from './json-api-faults.ts';
export * from './kit.ts';
export {
  LONG_ARTICLE,
  LONG_ARTICLE_ANSWER,
  type LoopbackSite,
  SCRIPT_BUILT_PAGE,
  servePage,
  servePages,
  TIDES_ARTICLE,
  useLoopbackSite,
} from './loopback-site.ts';
export { hang, type MswServer, useMswServer } from './msw.ts';
export { type LoggedLine, type RecordingLogger, recordingLogger } from './recording-logger.ts';
export { freePort, hasRedisServer, type RunningRedis, startRedisServer } from './redis-server.ts';
export { contractRequests, searchFailure, searchRequest } from './requests.ts';
export {
  answerWithResults,
  type CapturedRequest,
  captureRequest,
  countRequests,
  type JsonApiCallsOptions,
  jsonApiCalls,
  requestsDuring,
} from './search-api.ts';
export * from './simulator/index.ts';
export { useHostileUpstream } from './use-hostile-upstream.ts';
