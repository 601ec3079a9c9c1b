import { jsonBody, jsonListFraming, type ProviderKit } from '@agent-search/testing/kit';
import {
  faultAnswers,
  hostOf,
  jsonResponse,
  type KitSimulation,
  onRoute,
  WEB_ENTRIES,
} from '@agent-search/testing/simulator';
import { providerDefinition } from './definition.ts';
import { createBraveProvider, fromEnv } from './provider.ts';
import { BRAVE_ENDPOINTS } from './request.ts';

const braveError = (status: number, code: string, detail: string) => ({
  type: 'ErrorResponse',
  error: { id: status === 429 ? '0f3c2a1e' : '0f3c2a1f', status, code, detail, meta: {} },
  time: 1_732_000_000,
});

/** Brave `GET /res/v1/web/search` on the simulator's corpus: `count` results (default 20) under `web.results`, no `web` when there are none. */
export function braveWebResponse(query: string, options: { count?: number } = {}): unknown {
  const max = Math.min(20, Math.max(0, options.count ?? 20));
  const results = WEB_ENTRIES.slice(0, max).map((entry) => ({
    type: 'search_result',
    subtype: 'generic',
    title: entry.title,
    url: entry.url,
    description: entry.extract,
    ...(entry.publishedAt
      ? {
          page_age: entry.publishedAt.replace(/(\.\d+)?Z$/, ''),
          age: new Date(entry.publishedAt).toDateString(),
        }
      : {}),
    language: 'en',
    family_friendly: true,
    is_source_local: false,
    is_source_both: false,
    meta_url: { scheme: 'https', netloc: hostOf(entry.url), hostname: hostOf(entry.url), path: '' },
  }));
  return {
    type: 'search',
    query: { original: query, spellcheck_off: true, more_results_available: results.length === max },
    mixed: {
      type: 'mixed',
      main: results.map((_, index) => ({ type: 'web', index, all: false })),
      top: [],
      side: [],
    },
    ...(results.length > 0 ? { web: { type: 'search', results, family_friendly: true } } : {}),
  };
}

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
  simulation: {
    endpoints: [
      {
        name: 'web',
        matches: onRoute('GET', BRAVE_ENDPOINTS.text),
        answer: ({ query, url }) => {
          const count = Number(url.searchParams.get('count'));
          return jsonResponse(
            braveWebResponse(query, Number.isSafeInteger(count) && count > 0 ? { count } : {}),
          );
        },
        fault: faultAnswers({
          rate_limited: jsonResponse(
            braveError(429, 'RATE_LIMITED', 'Request rate limit exceeded for plan.'),
            429,
            {
              // Brave's rate-limit counters (per second, per month) when a request is refused.
              'x-ratelimit-limit': '1, 15000',
              'x-ratelimit-remaining': '0, 14890',
              'x-ratelimit-reset': '1, 1419704',
            },
          ),
          server_error: jsonResponse(
            braveError(503, 'SERVICE_UNAVAILABLE', 'Service temporarily unavailable.'),
            503,
          ),
        }),
      },
    ],
  } satisfies KitSimulation,
};
