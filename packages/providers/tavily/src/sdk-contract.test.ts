import type { SearchRequest } from '@agent-search/core';
import { searchRequest, useMswServer } from '@agent-search/testing';
import { tavily } from '@tavily/core';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import general from './__fixtures__/search-general.json' with { type: 'json' };
import { createTavilyProvider } from './index.ts';

// We call Tavily's HTTP API directly; this keeps us honest about sending what the official SDK sends.
const BASE = 'https://tavily.contract.test';
const KEY = 'tvly-contract-key';
const server = useMswServer();
const LONG = { d: 'day', w: 'week', m: 'month', y: 'year' } as const;

async function captureBody(run: () => Promise<unknown>) {
  const seen: { url: string; auth: string | null; body: unknown }[] = [];
  server.use(
    http.post(`${BASE}/search`, async ({ request }) => {
      seen.push({ url: request.url, auth: request.headers.get('authorization'), body: await request.json() });
      return HttpResponse.json(general);
    }),
  );
  await run();
  expect(seen).toHaveLength(1);
  return seen[0]!;
}

const cases: [string, SearchRequest][] = [
  ['plain text search', searchRequest({ query: 'q' })],
  [
    'news with every filter',
    searchRequest({
      query: 'ecb rates',
      mode: 'news',
      maxResults: 3,
      timeRange: 'm',
      includeDomains: ['reuters.com'],
      excludeDomains: ['example.org'],
    }),
  ],
  ['with page text', searchRequest({ query: 'tokio runtime shutdown', includeContent: true })],
];

describe('request contract with @tavily/core', () => {
  it.each(cases)('%s: same endpoint, key header and body', async (_, request) => {
    const sdk = tavily({ apiKey: KEY, apiBaseURL: BASE });
    const expected = await captureBody(() =>
      sdk.search(request.query, {
        topic: request.mode === 'news' ? 'news' : 'general',
        searchDepth: 'basic',
        maxResults: request.maxResults,
        ...(request.timeRange ? { timeRange: LONG[request.timeRange] } : {}),
        ...(request.includeDomains.length ? { includeDomains: request.includeDomains } : {}),
        ...(request.excludeDomains.length ? { excludeDomains: request.excludeDomains } : {}),
        includeAnswer: false,
        includeRawContent: request.includeContent ? 'text' : false,
        includeImages: false,
      }),
    );
    const actual = await captureBody(() =>
      createTavilyProvider({ apiKey: KEY, baseURL: BASE }).search(request, {
        signal: AbortSignal.timeout(5_000),
      }),
    );
    expect(actual).toEqual(expected);
  });
});
