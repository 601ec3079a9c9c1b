import { captureRequest, contractRequests, useMswServer } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import text from './__fixtures__/search-text.json' with { type: 'json' };
import { createExaProvider } from './index.ts';
import { toExaSearchOptions } from './request.ts';

// We call Exa's HTTP API directly; this keeps us honest about sending what the official SDK sends.
const BASE = 'https://exa.contract.test';
const KEY = 'exa-contract-key-0123456789';
const server = useMswServer();

const cases = contractRequests();

describe('request contract with exa-js', () => {
  it.each(cases)('%s: same endpoint, key header and body', async (_, request) => {
    // Imported after msw is listening: exa-js keeps the global fetch it finds when it loads.
    const { Exa } = await import('exa-js');
    const now = Date.now();
    const options = toExaSearchOptions(request, { now });
    const expected = await captureRequest(server, { url: `${BASE}/search`, answer: text }, () =>
      new Exa(KEY, BASE).search(request.query, options),
    );
    const actual = await captureRequest(server, { url: `${BASE}/search`, answer: text }, () =>
      createExaProvider({ apiKey: KEY, baseURL: BASE }).search(request, {
        signal: AbortSignal.timeout(5_000),
      }),
    );
    expect(actual.url).toBe(expected.url);
    expect(actual.headers.get('x-api-key')).toBe(expected.headers.get('x-api-key'));
    expect(actual.headers.get('content-type')).toBe(expected.headers.get('content-type'));
    // Our startPublishedDate is computed a moment later than the SDK's copy.
    const { startPublishedDate: a, ...actualBody } = actual.body;
    const { startPublishedDate: b, ...expectedBody } = expected.body;
    expect(actualBody).toEqual(expectedBody);
    if (request.timeRange)
      expect(Math.abs(Date.parse(String(a)) - Date.parse(String(b)))).toBeLessThan(60_000);
  });
});
