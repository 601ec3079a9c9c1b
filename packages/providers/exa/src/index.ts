export {
  createExaProvider,
  EXA_DEFAULT_BASE_URL,
  type ExaProviderOptions,
  exaCapabilities,
  providerDefinition,
} from './exa-provider.ts';
export type { ExaSearchType } from './exa-request.ts';
