export { providerDefinition } from './definition.ts';
export {
  createDuckDuckGoProvider,
  type DuckDuckGoProviderOptions,
  type DuckDuckGoTextBackend,
} from './provider.ts';
export type { NeedleOptions } from './scrape-library.ts';
