import { captureRequest, contractRequests, useMswServer } from '@agent-search/testing';
import { tavily } from '@tavily/core';
import { describe, expect, it } from 'vitest';
import general from './__fixtures__/search-general.json' with { type: 'json' };
import { createTavilyProvider } from './index.ts';

// We call Tavily's HTTP API directly; this keeps us honest about sending what the official SDK sends.
const BASE = 'https://tavily.contract.test';
const KEY = 'tvly-contract-key';
const server = useMswServer();
const LONG = { d: 'day', w: 'week', m: 'month', y: 'year' } as const;

const cases = contractRequests();

describe('request contract with @tavily/core', () => {
  it.each(cases)('%s: same endpoint, key header and body', async (_, request) => {
    const sdk = tavily({ apiKey: KEY, apiBaseURL: BASE });
    const expected = await captureRequest(server, { url: `${BASE}/search`, answer: general }, () =>
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
    const actual = await captureRequest(server, { url: `${BASE}/search`, answer: general }, () =>
      createTavilyProvider({ apiKey: KEY, baseURL: BASE }).search(request, {
        signal: AbortSignal.timeout(5_000),
      }),
    );
    expect(actual.url).toBe(expected.url);
    expect(actual.headers.get('authorization')).toBe(expected.headers.get('authorization'));
    expect(actual.body).toEqual(expected.body);
  });
});
