export { anthropicCapabilities, providerDefinition } from './definition.ts';
export {
  ANTHROPIC_VERSION,
  type AnthropicProviderOptions,
  createAnthropicProvider,
  DEFAULT_BASE_URL,
  DEFAULT_MODEL,
  fromEnv,
} from './provider.ts';
export { type AnthropicMessagesBody, toMessagesBody } from './request.ts';
export { fromMessagesBody } from './response.ts';
