export { type AssistantOptions, createAssistant } from './assistant.ts';
export { DEFAULT_MODELS, type ModelConfig, readModelConfig } from './config.ts';
export { buildInstructions, loadPrompt, type PromptFile } from './prompt.ts';
export { buildSearchClient, PROVIDER_DEFINITIONS, type SearchSetup, webSearchEnabled } from './search.ts';
