export { geminiCapabilities, providerDefinition } from './definition.ts';
export {
  createGeminiProvider,
  DEFAULT_BASE_URL,
  DEFAULT_MODEL,
  fromEnv,
  type GeminiProviderOptions,
} from './provider.ts';
export { type GeminiGenerateBody, toGenerateBody } from './request.ts';
export { fromGenerateBody } from './response.ts';
