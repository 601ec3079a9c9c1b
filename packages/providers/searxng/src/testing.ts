import { jsonBody, jsonListFraming, type ProviderKit } from '@agent-search/testing/kit';
import { providerDefinition } from './definition.ts';
import { createSearxngProvider, fromEnv } from './provider.ts';

/** SearXNG's test kit (not published): its search route, answers and error pages, for the shared suites. */
export const kit: ProviderKit = {
  definition: providerDefinition,
  create: createSearxngProvider,
  fromEnv,
  baseURL: 'http://searxng.internal:8080',
  route: { method: 'GET', path: '/search' },
  answer: (entries) =>
    jsonBody({
      query: 'hostile',
      number_of_results: 0,
      results: entries.map((e, i) => ({
        url: e.url,
        title: e.title,
        content: e.snippet,
        publishedDate: null,
        engine: 'bing',
        engines: ['bing'],
        positions: [i + 1],
        score: 1 / (i + 1),
        category: 'general',
        template: 'default.html',
      })),
      answers: [],
      corrections: [],
      infoboxes: [],
      suggestions: [],
      unresponsive_engines: [],
    }),
  // SearXNG answers errors with Flask's plain HTML pages.
  error: (_status, message) => ({
    contentType: 'text/html',
    body: `<html><body><p>${message}</p></body></html>`,
  }),
  framing: jsonListFraming(
    '{"results":[',
    '{"title":"Title","url":"https://example.com/","content":"x"}',
    ']}',
  ),
};
