export { exaCapabilities, providerDefinition } from './definition.ts';
export {
  createExaProvider,
  EXA_DEFAULT_BASE_URL,
  type ExaProviderOptions,
  fromEnv,
} from './provider.ts';
export type { ExaSearchType } from './request.ts';
