import { jsonBody, jsonListFraming, type ProviderKit } from '@agent-search/testing/kit';
import {
  faultAnswers,
  jsonResponse,
  type KitSimulation,
  NEWS_ENTRIES,
  onRoute,
  requestIdFor,
  WEB_ENTRIES,
} from '@agent-search/testing/simulator';
import { providerDefinition } from './definition.ts';
import { createTavilyProvider, fromEnv } from './provider.ts';

export {
  consumerLawPage,
  fraudJudgmentPage,
  lawyerAnswerPage,
  salesContractJudgmentPage,
  type TavilyPage,
  tavilySearchResponse,
} from './legal-pages.ts';

/** Tavily `POST /search` on the simulator's corpus: `max_results` results (default 5), news carrying `published_date`. */
export function tavilyResponse(
  query: string,
  options: { maxResults?: number; news?: boolean } = {},
): unknown {
  const max = Math.min(20, Math.max(0, options.maxResults ?? 5));
  const results = options.news
    ? NEWS_ENTRIES.slice(0, max).map((entry, i) => ({
        url: entry.url,
        title: entry.title,
        score: Number((0.82 - i * 0.05).toFixed(5)),
        published_date: new Date(entry.publishedAt).toUTCString(),
        content: entry.excerpt,
        raw_content: null,
      }))
    : WEB_ENTRIES.slice(0, max).map((entry, i) => ({
        url: entry.url,
        title: entry.title,
        content: entry.extract,
        score: Number((0.86 - i * 0.04).toFixed(5)),
        raw_content: null,
      }));
  const id = requestIdFor(query);
  return {
    query,
    follow_up_questions: null,
    answer: null,
    images: [],
    results,
    response_time: 1.18,
    request_id: `${id.slice(0, 8)}-${id.slice(8, 12)}-4${id.slice(13, 16)}-a${id.slice(17, 20)}-${id.slice(20, 32)}`,
  };
}

/** Tavily's test kit (not published): its search route, answers and error envelope, for the shared suites. */
export const kit: ProviderKit = {
  definition: providerDefinition,
  create: createTavilyProvider,
  fromEnv,
  apiKey: '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',
  route: { method: 'POST', path: '/search' },
  answer: (entries) =>
    jsonBody({
      query: 'hostile',
      follow_up_questions: null,
      answer: null,
      images: [],
      results: entries.map((e, i) => ({
        url: e.url,
        title: e.title,
        content: e.snippet,
        score: 0.9 - i * 0.05,
        raw_content: null,
      })),
      response_time: 0.9,
      request_id: '5f0c2a4e-1b7d-4c3a-9e2f-8d6b1a0c7e34',
    }),
  error: (_status, message) => jsonBody({ detail: { error: message } }),
  framing: jsonListFraming(
    '{"results":[',
    '{"title":"Title","url":"https://example.com/","content":"x"}',
    ']}',
  ),
  simulation: {
    endpoints: [
      {
        name: 'search',
        matches: onRoute('POST', '/search'),
        answer: ({ query, json }) =>
          jsonResponse(
            tavilyResponse(query, {
              ...(typeof json?.max_results === 'number' ? { maxResults: json.max_results } : {}),
              news: json?.topic === 'news',
            }),
          ),
        fault: faultAnswers({
          rate_limited: jsonResponse(
            {
              detail: {
                error: 'Your request has been blocked due to excessive requests. Please slow down.',
              },
            },
            429,
          ),
          server_error: jsonResponse({ detail: { error: 'Service Unavailable' } }, 503),
        }),
      },
    ],
  } satisfies KitSimulation,
};
