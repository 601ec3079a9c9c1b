export { providerDefinition, tavilyCapabilities } from './definition.ts';
export {
  createTavilyProvider,
  DEFAULT_BASE_URL,
  fromEnv,
  type TavilyProviderOptions,
} from './provider.ts';
export type { TavilySearchBody, TavilySearchDepth } from './request.ts';
