import { jsonBody, jsonListFraming, type ProviderKit } from '@agent-search/testing/kit';
import { providerDefinition } from './definition.ts';
import { createTavilyProvider, fromEnv } from './provider.ts';

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
};
