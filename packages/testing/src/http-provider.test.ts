import { HttpResponse, http } from 'msw';
import { describeProviderConformance } from './conformance.ts';
import { createHttpTestProvider } from './http-provider.ts';
import { hang, useMswServer } from './msw.ts';

// The suite checked against the simplest provider that can pass it, so a broken suite shows up here.
const server = useMswServer();
const url = 'https://upstream.test/search';
const ok = (n: number) => () =>
  HttpResponse.json({
    results: Array.from({ length: n }, (_, i) => ({
      title: `Result <em>${i}</em>`,
      url: `https://example.com/${i}`,
      snippet: 'text',
      publishedAt: 1_700_000_000 + i,
    })),
  });

describeProviderConformance('http test provider', {
  server,
  createProvider: () => createHttpTestProvider({ id: 'http-test', url }),
  resultHandlers: () => [http.post(url, ok(5))],
  emptyHandlers: () => [http.post(url, ok(0))],
  hangHandlers: [http.post(url, ({ request }) => hang(request))],
  faults: [
    {
      name: '429',
      handlers: [http.post(url, () => new HttpResponse(null, { status: 429 }))],
      code: 'rate_limited',
    },
    {
      name: '503',
      handlers: [http.post(url, () => new HttpResponse(null, { status: 503 }))],
      code: 'unavailable',
    },
    { name: 'reset', handlers: [http.post(url, () => HttpResponse.error())], code: 'unavailable' },
    {
      name: 'malformed',
      handlers: [http.post(url, () => HttpResponse.text('<html>'))],
      code: 'provider_error',
    },
  ],
  expectFiltersSent: async (requests) => {
    const body = (await requests[0]!.json()) as { timeRange?: string; includeDomains?: string[] };
    if (body.timeRange !== 'd' || body.includeDomains?.[0] !== 'example.com')
      throw new Error('filters not sent');
  },
});
