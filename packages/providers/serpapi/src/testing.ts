import { jsonBody, jsonListFraming, type ProviderKit } from '@agent-search/testing/kit';
import { providerDefinition } from './definition.ts';
import { createSerpApiProvider, fromEnv } from './provider.ts';
import { SERPAPI_SEARCH_PATH } from './request.ts';

/** SerpApi's test kit (not published): its search route, answers and error envelope, for the shared suites. */
export const kit: ProviderKit = {
  definition: providerDefinition,
  create: createSerpApiProvider,
  fromEnv,
  // Hex like SerpApi's keys: planted, so a leak shows.
  apiKey: '5e12a0b7c3d4planted0secret0key0do0not0leak0f9e8d7c6b5a4',
  route: { method: 'GET', path: SERPAPI_SEARCH_PATH },
  answer: (entries) =>
    jsonBody({
      search_metadata: { id: 'k1', status: 'Success', processed_at: '2026-11-24 09:14:10 UTC' },
      search_parameters: { engine: 'google', q: 'hostile', num: '10' },
      organic_results: entries.map((e, i) => ({
        position: i + 1,
        title: e.title,
        link: e.url,
        snippet: e.snippet,
        date: 'Mar 1, 2025',
        source: 'Example',
      })),
    }),
  error: (_status, message) => jsonBody({ error: message }),
  // Web results sit under `organic_results`.
  framing: jsonListFraming(
    '{"search_metadata":{"status":"Success"},"organic_results":[',
    '{"title":"Title","link":"https://example.com/","snippet":"x"}',
    ']}',
  ),
};
