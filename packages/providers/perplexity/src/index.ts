export { providerDefinition } from './definition.ts';
export {
  createPerplexityProvider,
  DEFAULT_BASE_URL,
  type PerplexityProviderOptions,
  perplexityCapabilities,
} from './provider.ts';
export { NEWS_RECENCY } from './request.ts';
