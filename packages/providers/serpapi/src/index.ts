export { providerDefinition, serpApiCapabilities } from './definition.ts';
export { createSerpApiProvider, DEFAULT_BASE_URL, fromEnv, type SerpApiProviderOptions } from './provider.ts';
export { SERPAPI_SEARCH_PATH, type SerpApiQuery, toSerpApiQuery } from './request.ts';
