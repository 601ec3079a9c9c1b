export { providerDefinition } from './definition.ts';
export {
  createTavilyProvider,
  DEFAULT_BASE_URL,
  type TavilyProviderOptions,
  tavilyCapabilities,
} from './provider.ts';
export type { TavilySearchBody, TavilySearchDepth } from './request.ts';
