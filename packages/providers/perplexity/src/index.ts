export { perplexityCapabilities, providerDefinition } from './definition.ts';
export {
  createPerplexityProvider,
  DEFAULT_BASE_URL,
  fromEnv,
  type PerplexityProviderOptions,
} from './provider.ts';
export { NEWS_RECENCY } from './request.ts';
