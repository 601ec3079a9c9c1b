export {
  describeProviderConformance,
  type FaultCase,
  type ProviderConformanceOptions,
} from './conformance.ts';
export { createHttpTestProvider, type HttpTestProviderOptions } from './http-provider.ts';
export { hang, type MswServer, useMswServer } from './msw.ts';
export { freePort, hasRedisServer, type RunningRedis, startRedisServer } from './redis-server.ts';
export { searchFailure, searchRequest } from './requests.ts';
export {
  answerWithResults,
  type CapturedRequest,
  captureRequest,
  countRequests,
  requestsDuring,
} from './search-api.ts';
export * from './simulator/index.ts';
