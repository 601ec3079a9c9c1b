import { jsonBody, jsonListFraming, type ProviderKit } from '@agent-search/testing/kit';
import { providerDefinition } from './definition.ts';
import { createBraveProvider, fromEnv } from './provider.ts';
import { BRAVE_ENDPOINTS } from './request.ts';

/** Brave's test kit (not published): its web search route, answers and error envelope, for the shared suites. */
export const kit: ProviderKit = {
  definition: providerDefinition,
  create: createBraveProvider,
  fromEnv,
  apiKey: 'BSA-PLANTED0secret0key0do0not0leak0',
  route: { method: 'GET', path: BRAVE_ENDPOINTS.text },
  answer: (entries) =>
    jsonBody({
      type: 'search',
      query: { original: 'hostile', more_results_available: false },
      web: {
        type: 'search',
        family_friendly: true,
        results: entries.map((e) => ({
          type: 'search_result',
          title: e.title,
          url: e.url,
          description: e.snippet,
          page_age: '2025-03-01T10:00:00',
          meta_url: { scheme: 'https', hostname: 'example.com' },
        })),
      },
    }),
  error: (status, message) =>
    jsonBody({
      type: 'ErrorResponse',
      error: { id: 'e1', status, code: 'VALIDATION', detail: message },
      time: 1,
    }),
  // Web results sit under `web`.
  framing: jsonListFraming(
    '{"type":"search","web":{"results":[',
    '{"title":"Title","url":"https://example.com/","description":"x"}',
    ']}}',
  ),
};
