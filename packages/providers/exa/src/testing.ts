import { jsonBody, jsonListFraming, type ProviderKit } from '@agent-search/testing/kit';
import {
  faultAnswers,
  hostOf,
  jsonResponse,
  type KitSimulation,
  onRoute,
  requestIdFor,
  WEB_ENTRIES,
} from '@agent-search/testing/simulator';
import { providerDefinition } from './definition.ts';
import { createExaProvider, fromEnv } from './provider.ts';

/** Exa `POST /search` with highlights on the simulator's corpus: `numResults` results (default 10). */
export function exaResponse(query: string, options: { numResults?: number } = {}): unknown {
  const max = Math.min(100, Math.max(0, options.numResults ?? 10));
  const results = WEB_ENTRIES.slice(0, max).map((entry, i) => {
    const sentences = entry.extract.split(/(?<=\.)\s+/).slice(0, 2);
    return {
      id: entry.url,
      title: entry.title,
      url: entry.url,
      publishedDate: entry.publishedAt ?? null,
      author: entry.author ?? null,
      favicon: `https://${hostOf(entry.url)}/favicon.ico`,
      highlights: sentences,
      highlightScores: sentences.map((_, j) => Number((0.45 - i * 0.02 - j * 0.03).toFixed(4))),
    };
  });
  return {
    requestId: requestIdFor(query),
    resolvedSearchType: 'neural',
    results,
    searchTime: 583.4,
    costDollars: { total: 0.011, search: { neural: 0.005 }, contents: { highlights: 0.006 } },
  };
}

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
  simulation: {
    endpoints: [
      {
        name: 'search',
        matches: onRoute('POST', '/search'),
        answer: ({ query, json }) =>
          jsonResponse(
            exaResponse(query, typeof json?.numResults === 'number' ? { numResults: json.numResults } : {}),
          ),
        fault: faultAnswers({
          rate_limited: jsonResponse(
            {
              requestId: '7d2e1f0c9b8a4c3d2e1f0a9b8c7d6e5f',
              error: 'Rate limit exceeded. Please slow down your requests.',
              tag: 'RATE_LIMIT_EXCEEDED',
            },
            429,
          ),
          server_error: jsonResponse(
            {
              requestId: '7d2e1f0c9b8a4c3d2e1f0a9b8c7d6e5f',
              error: 'Service temporarily unavailable',
              tag: 'INTERNAL_ERROR',
            },
            503,
          ),
        }),
      },
    ],
  } satisfies KitSimulation,
};
