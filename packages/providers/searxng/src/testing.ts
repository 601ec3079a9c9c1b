import { jsonBody, jsonListFraming, type ProviderKit } from '@agent-search/testing/kit';
import {
  hostOf,
  jsonResponse,
  type KitSimulation,
  onRoute,
  WEB_ENTRIES,
} from '@agent-search/testing/simulator';
import { providerDefinition } from './definition.ts';
import { createSearxngProvider, fromEnv } from './provider.ts';

/** SearXNG `GET /search?format=json` on the simulator's corpus: one page of merged engine results (it takes no count). */
export function searxngResponse(query: string): unknown {
  const engines = ['bing', 'duckduckgo', 'brave'];
  const results = WEB_ENTRIES.map((entry, i) => ({
    url: entry.url,
    title: entry.title,
    content: entry.extract,
    publishedDate: entry.publishedAt ?? null,
    thumbnail: null,
    engine: engines[i % engines.length],
    template: 'default.html',
    parsed_url: ['https', hostOf(entry.url), new URL(entry.url).pathname, '', '', ''],
    img_src: '',
    priority: '',
    engines: [engines[i % engines.length]],
    positions: [i + 1],
    score: Number((1 / (i + 1)).toFixed(4)),
    category: 'general',
  }));
  return {
    query,
    number_of_results: 0,
    results,
    answers: [],
    corrections: [],
    infoboxes: [],
    suggestions: [],
    unresponsive_engines: [],
  };
}

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
  simulation: {
    endpoints: [
      {
        name: 'search',
        matches: onRoute('GET', '/search'),
        answer: ({ query }) => jsonResponse(searxngResponse(query)),
      },
    ],
  } satisfies KitSimulation,
};
