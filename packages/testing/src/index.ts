export {
  describeProviderConformance,
  type FaultCase,
  type ProviderConformanceOptions,
} from './conformance.ts';
export { hang, type MswServer, useMswServer } from './msw.ts';
