export { openaiCapabilities, providerDefinition } from './definition.ts';
export {
  createOpenAIProvider,
  DEFAULT_BASE_URL,
  DEFAULT_MODEL,
  fromEnv,
  type OpenAIProviderOptions,
} from './provider.ts';
export { type OpenAIResponsesBody, toResponsesBody } from './request.ts';
export { fromResponsesBody } from './response.ts';
