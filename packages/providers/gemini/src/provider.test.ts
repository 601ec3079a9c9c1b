import { createSearchClient } from '@agent-search/core';
import {
  captureRequest,
  describeHttpStatusContract,
  describeProviderConformance,
  type FaultCase,
  jsonApiCalls,
  jsonApiFaults,
  useMswServer,
} from '@agent-search/testing';
import { HttpResponse, type HttpResponseResolver, http } from 'msw';
import { describe, expect, it } from 'vitest';
import badKey from './__fixtures__/error-400-key.json' with { type: 'json' };
import noModel from './__fixtures__/error-404.json' with { type: 'json' };
import perDay from './__fixtures__/error-429-day.json' with { type: 'json' };
import perMinute from './__fixtures__/error-429-minute.json' with { type: 'json' };
import overloaded from './__fixtures__/error-503.json' with { type: 'json' };
import grounded from './__fixtures__/generate-grounded.json' with { type: 'json' };
import ungrounded from './__fixtures__/generate-ungrounded.json' with { type: 'json' };
import { createGeminiProvider, fromEnv, providerDefinition } from './index.ts';
import { googleError, kit } from './testing.ts';

const GENERATE = 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent';
const KEY = kit.apiKey!;
const REDIRECT = 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/';

const server = useMswServer();
const calls = jsonApiCalls(server, {
  url: GENERATE,
  query: 'heat pump efficiency',
  answer: grounded,
  errors: { '400': badKey, '404': noModel, '429': perMinute, '503': overloaded },
});
const provider = () => createGeminiProvider({ apiKey: KEY });

/** Answers like Gemini: the invalid-key 400 without the key header, 400 without the google_search tool. */
function resultHandlers() {
  return [
    http.post(GENERATE, async ({ request }) => {
      if (request.headers.get('x-goog-api-key') !== KEY) return HttpResponse.json(badKey, { status: 400 });
      const body = (await request.json()) as { tools?: { google_search?: object }[] };
      if (!body.tools?.[0]?.google_search) {
        return HttpResponse.json(googleError(400, 'INVALID_ARGUMENT', 'no tool'), { status: 400 });
      }
      return HttpResponse.json(grounded);
    }),
  ];
}

const endpoint = (resolver: HttpResponseResolver) => http.post(GENERATE, resolver);

const faults: FaultCase[] = [
  ...jsonApiFaults({
    route: endpoint,
    errorBody: (status, message) => googleError(status, 'INTERNAL', message),
    wrongShape: { candidates: 'none' },
  }),
  {
    name: 'HTTP 400 API_KEY_INVALID (how Google refuses a key)',
    handlers: calls.fail('400'),
    code: 'unauthorized',
  },
  { name: 'HTTP 404 (no such model)', handlers: calls.fail('404'), code: 'invalid_request' },
  {
    name: 'HTTP 429 with a per-day quota spent',
    handlers: [endpoint(() => HttpResponse.json(perDay, { status: 429 }))],
    code: 'quota_exceeded',
  },
  { name: 'HTTP 503 (overloaded)', handlers: calls.fail('503'), code: 'unavailable' },
];

describeProviderConformance('gemini', {
  kit,
  server,
  resultHandlers,
  minResults: 4,
  endpoint,
  emptyAnswer: ungrounded,
  faults,
  async expectFiltersSent(requests) {
    const body = (await requests.at(-1)!.json()) as {
      tools: { google_search: { timeRangeFilter: { startTime: string; endTime: string } } }[];
    };
    const { startTime, endTime } = body.tools[0]!.google_search.timeRangeFilter;
    expect(Date.parse(endTime) - Date.parse(startTime)).toBe(86_400_000);
    expect(Math.abs(Date.now() - Date.parse(endTime))).toBeLessThan(60_000);
  },
});

describe('gemini request', () => {
  it('POSTs the query grounded with google_search, the key in x-goog-api-key and never in the URL', async () => {
    const { url, headers, body } = await calls.capture(provider(), calls.request({ maxResults: 4 }));
    expect(url).toBe(GENERATE);
    expect(new URL(url).search).toBe('');
    expect(url).not.toContain(KEY);
    expect(headers.get('x-goog-api-key')).toBe(KEY);
    expect(body).toEqual({
      systemInstruction: {
        parts: [{ text: expect.stringMatching(/grounded in 4 or more distinct web pages/) }],
      },
      contents: [{ role: 'user', parts: [{ text: 'heat pump efficiency' }] }],
      tools: [{ google_search: {} }],
      generationConfig: { maxOutputTokens: 800, thinkingConfig: { thinkingBudget: 0 } },
    });
  });

  it('reads GOOGLE_API_KEY when GEMINI_API_KEY is unset, takes GEMINI_SEARCH_MODEL, and asks for news', async () => {
    const configured = fromEnv({
      GOOGLE_API_KEY: KEY,
      GEMINI_SEARCH_MODEL: 'models/gemini-2.5-pro',
      GEMINI_BASE_URL: 'https://gw.test/google',
    });
    expect(configured.configured).toBe(true);
    const { headers, body } = await captureRequest(
      server,
      { url: 'https://gw.test/google/v1beta/models/gemini-2.5-pro:generateContent', answer: grounded },
      () => configured.search(calls.request({ mode: 'news' }), { signal: AbortSignal.timeout(5_000) }),
    );
    expect(headers.get('x-goog-api-key')).toBe(KEY);
    expect(JSON.stringify(body.systemInstruction)).toMatch(/recent news articles/);
    // Only the 2.5 Flash models get thinking turned off.
    expect(body.generationConfig).toEqual({ maxOutputTokens: 800 });
  });

  it('refuses a model id that would change the URL path', () => {
    for (const model of ['../../v1/files', 'gemini-2.5-flash:streamGenerateContent?alt=sse', 'a b']) {
      expect(() => createGeminiProvider({ apiKey: KEY, model })).toThrow(
        /model id such as "gemini-2.5-flash"/,
      );
    }
  });
});

describe('gemini response', () => {
  it('returns the grounding chunks: the redirect link, the domain as title and source, the segment each supports', async () => {
    server.use(...resultHandlers());
    const response = await createSearchClient({ providers: [provider()] }).search({
      query: 'heat pump efficiency',
      maxResults: 10,
    });
    expect(
      response.results.map((r) => [r.url.slice(REDIRECT.length, REDIRECT.length + 8), r.title, r.source]),
    ).toEqual([
      ['AUZIYQHk', 'energy.gov', 'energy.gov'],
      ['AUZIYQGw', 'nrel.gov', 'nrel.gov'],
      ['AUZIYQEr', 'wikipedia.org', 'wikipedia.org'],
      ['AUZIYQFt', 'energystar.gov', 'energystar.gov'],
    ]);
    expect(response.results.every((r) => r.url.startsWith(REDIRECT))).toBe(true);
    expect(response.results.map((r) => r.snippet)).toEqual([
      'Heat pumps typically deliver 2 to 4 units of heat per unit of electricity.',
      'In cold climates, field studies found a seasonal COP of 2.3.',
      'Heat pumps typically deliver 2 to 4 units of heat per unit of electricity.',
      'Efficiency falls as the outdoor temperature drops — below −15 °C many units switch to backup heat.',
    ]);
    expect(response.answer).toMatch(/^Heat pumps typically deliver 2 to 4 units.*backup heat\.$/);
  });

  it('keeps the answer of an ungrounded reply, and reads a blocked prompt (no candidates) as no results', async () => {
    server.use(endpoint(() => HttpResponse.json(ungrounded)));
    await expect(provider().search(calls.request(), { signal: AbortSignal.timeout(5_000) })).resolves.toEqual(
      {
        results: [],
        answer: 'I could not find anything about that.',
      },
    );
    server.use(
      endpoint(() => HttpResponse.json({ promptFeedback: { blockReason: 'SAFETY' }, modelVersion: 'x' })),
    );
    await expect(provider().search(calls.request(), { signal: AbortSignal.timeout(5_000) })).resolves.toEqual(
      {
        results: [],
      },
    );
  });

  it('ignores chunk indices a support names out of range', async () => {
    const body = structuredClone(grounded);
    body.candidates[0]!.groundingMetadata.groundingSupports[0]!.groundingChunkIndices = [-1, 99, 1.5];
    server.use(endpoint(() => HttpResponse.json(body)));
    const { results } = await provider().search(calls.request(), { signal: AbortSignal.timeout(5_000) });
    expect(results[0]!.snippet).toBe(
      'Efficiency falls as the outdoor temperature drops — below −15 °C many units switch to backup heat.',
    );
  });
});

describe('gemini errors', () => {
  it("waits for Google's RetryInfo delay on a per-minute 429, and quotes Google without the key", async () => {
    server.use(...calls.fail('429'));
    expect(await calls.failure(provider())).toMatchObject({ code: 'rate_limited', retryAfterMs: 24_000 });
    server.use(
      endpoint(() =>
        HttpResponse.json(googleError(403, 'PERMISSION_DENIED', `Key ${KEY} has no access`), { status: 403 }),
      ),
    );
    const error = await calls.failure(provider());
    expect(error).toMatchObject({ code: 'unauthorized', status: 403 });
    expect(error.message).toMatch(/^Gemini rejected the API key \(HTTP 403\): Key/);
    expect(error.message).not.toContain(KEY);
  });
});

describe('gemini definition', () => {
  it('describes the provider without importing it, in the native group', () => {
    expect(providerDefinition).toMatchObject({
      id: 'gemini',
      apiKeyEnv: 'GEMINI_API_KEY',
      apiKeyEnvFallbacks: ['GOOGLE_API_KEY'],
      baseUrlEnv: 'GEMINI_BASE_URL',
      group: 'native',
    });
  });
});

describeHttpStatusContract('gemini', { kit, server });
