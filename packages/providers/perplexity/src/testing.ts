import { jsonBody, jsonListFraming, type ProviderKit } from '@agent-search/testing/kit';
import { providerDefinition } from './definition.ts';
import { createPerplexityProvider, fromEnv } from './provider.ts';

/** Perplexity's test kit (not published): its search route, answers and error envelope, for the shared suites. */
export const kit: ProviderKit = {
  definition: providerDefinition,
  create: createPerplexityProvider,
  fromEnv,
  apiKey: 'pplx-PLANTED0secret0key0do0not0leak0000',
  route: { method: 'POST', path: '/search' },
  answer: (entries) =>
    jsonBody({
      id: 'pplx-hostile-1',
      results: entries.map((e) => ({
        title: e.title,
        url: e.url,
        snippet: e.snippet,
        date: null,
        last_updated: null,
      })),
    }),
  error: (status, message) => jsonBody({ error: { message, type: 'invalid_request_error', code: status } }),
  framing: jsonListFraming(
    '{"results":[',
    '{"title":"Title","url":"https://example.com/","snippet":"x"}',
    ']}',
  ),
};
