export {
  acceptedCodings,
  encodeAsAsked,
  type SimulatorCoding,
  type SimulatorCompression,
} from './compression.ts';
export {
  CORPUS,
  NEWS_ENTRIES,
  type NewsEntry,
  VIDEO_ENTRIES,
  type VideoEntry,
  WEB_ENTRIES,
  type WebEntry,
} from './corpus.ts';
export { fromKitBody } from './endpoints.ts';
export {
  type LatencyDistribution,
  MAX_LATENCY_MS,
  type Random,
  sampleLatency,
  seededRandom,
} from './latency.ts';
export { SimulatorAgent } from './loopback-agent.ts';
export { loopbackFetch } from './loopback-fetch.ts';
export {
  type EndpointBehaviour,
  type EndpointStats,
  type ProviderSimulator,
  type ProviderSimulatorOptions,
  type SimulatorTarget,
  startProviderSimulator,
} from './server.ts';
export {
  type AnsweredFault,
  CONTENT_TYPES,
  faultAnswers,
  htmlResponse,
  jsonResponse,
  type KitSimulation,
  onRoute,
  type RequestLine,
  SIMULATOR_FAULTS,
  type SimulatedEndpointSpec,
  type SimulatedRequest,
  type SimulatedResponse,
  type SimulatorCorpus,
  type SimulatorFault,
} from './simulation.ts';
export { escapeHtml, hostOf, requestIdFor, stableDigits, statusPage, WAF_PAGE } from './text.ts';
export { getThroughAgent, postJson, useProviderSimulator } from './use-simulator.ts';
