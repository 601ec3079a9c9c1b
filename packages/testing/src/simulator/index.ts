export {
  NEWS_ENTRIES,
  type NewsEntry,
  VIDEO_ENTRIES,
  type VideoEntry,
  WEB_ENTRIES,
  type WebEntry,
} from './corpus.ts';
export { SimulatorAgent } from './duckduckgo-agent.ts';
export {
  endpointsOf,
  healthyResponse,
  SIMULATED_ENDPOINTS,
  SIMULATED_PROVIDERS,
  type SimulatedEndpoint,
  type SimulatedProvider,
  type SimulatedRequest,
  type SimulatedResponse,
} from './endpoints.ts';
export { SIMULATOR_FAULTS, type SimulatorFault } from './faults.ts';
export {
  type LatencyDistribution,
  MAX_LATENCY_MS,
  type Random,
  sampleLatency,
  seededRandom,
} from './latency.ts';
export { loopbackFetch } from './loopback-fetch.ts';
export {
  braveWebResponse,
  type DuckDuckGoWebEntry,
  dJs,
  duckDuckGoHtmlPage,
  exaResponse,
  newsJs,
  searxngResponse,
  tavilyResponse,
  vJs,
  vqdFor,
  vqdPage,
} from './payloads.ts';
export {
  type EndpointBehaviour,
  type EndpointStats,
  type ProviderSimulator,
  type ProviderSimulatorOptions,
  startProviderSimulator,
} from './server.ts';
