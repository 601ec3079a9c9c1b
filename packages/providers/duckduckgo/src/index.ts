export { duckDuckGoCapabilities, providerDefinition } from './definition.ts';
export type { NeedleOptions } from './needle-options.ts';
export {
  createDuckDuckGoProvider,
  type DuckDuckGoProviderOptions,
  type DuckDuckGoTextBackend,
  fromEnv,
} from './provider.ts';
