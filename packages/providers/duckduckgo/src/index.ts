export { duckDuckGoCapabilities, providerDefinition } from './definition.ts';
export {
  createDuckDuckGoProvider,
  type DuckDuckGoProviderOptions,
  type DuckDuckGoTextBackend,
  fromEnv,
} from './provider.ts';
export type { NeedleOptions } from './scrape-library.ts';
