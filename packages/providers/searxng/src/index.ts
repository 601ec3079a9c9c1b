export { providerDefinition, searxngCapabilities } from './definition.ts';
export { createSearxngProvider, fromEnv, type SearxngProviderOptions } from './provider.ts';
export { type SearxngQuery, toSearxngQuery } from './request.ts';
