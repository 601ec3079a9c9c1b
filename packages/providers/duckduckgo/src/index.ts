export { duckDuckGoCapabilities, providerDefinition } from './definition.ts';
export {
  createDuckDuckGoProvider,
  type DuckDuckGoProviderOptions,
  type DuckDuckGoTextBackend,
  fromEnv,
} from './provider.ts';
