import { jsonBody, jsonListFraming, type ProviderKit } from '@agent-search/testing/kit';
import { providerDefinition } from './definition.ts';
import { createExaProvider, fromEnv } from './provider.ts';

/** Exa's test kit (not published): its search route, answers and error envelope, for the shared suites. */
export const kit: ProviderKit = {
  definition: providerDefinition,
  create: createExaProvider,
  fromEnv,
  apiKey: 'exa-PLANTED-4f1c9a7e-secret-key-do-not-leak',
  route: { method: 'POST', path: '/search' },
  answer: (entries) =>
    jsonBody({
      requestId: 'b5947044c4b78efa9552a7c89b306d95',
      resolvedSearchType: 'neural',
      results: entries.map((e) => ({
        id: e.url,
        title: e.title,
        url: e.url,
        publishedDate: null,
        author: null,
        highlights: e.snippet ? [e.snippet] : [],
        highlightScores: e.snippet ? [0.4] : [],
      })),
      searchTime: 412.5,
      costDollars: { total: 0.005 },
    }),
  error: (_status, message) => jsonBody({ requestId: 'r1', error: message, tag: 'INVALID_REQUEST_BODY' }),
  framing: jsonListFraming(
    '{"results":[',
    '{"title":"Title","url":"https://example.com/","highlights":["x"]}',
    ']}',
  ),
};
