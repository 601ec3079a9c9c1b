export { braveCapabilities, providerDefinition } from './definition.ts';
export { type BraveProviderOptions, createBraveProvider, DEFAULT_BASE_URL, fromEnv } from './provider.ts';
export { BRAVE_ENDPOINTS, type BraveQuery, toBraveQuery } from './request.ts';
