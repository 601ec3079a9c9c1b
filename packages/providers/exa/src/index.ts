export { exaCapabilities, providerDefinition } from './definition.ts';
export {
  createExaProvider,
  EXA_DEFAULT_BASE_URL,
  type ExaProviderOptions,
  fromEnv,
} from './exa-provider.ts';
export type { ExaSearchType } from './exa-request.ts';
