import { createServer, type Server } from 'node:net';
import { inspect } from 'node:util';
import {
  createSearchClient,
  isSearchError,
  type Logger,
  type SearchMode,
  type SearchRequest,
} from '@agent-search/core';
import {
  captureRequest,
  countRequests,
  describeHttpStatusContract,
  describeProviderConformance,
  type FaultCase,
  jsonApiFaults,
  searchRequest,
  useMswServer,
} from '@agent-search/testing';
import { HttpResponse, type HttpResponseResolver, http, type JsonBodyType, passthrough } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import error400 from './__fixtures__/error-400.json' with { type: 'json' };
import error401 from './__fixtures__/error-401.json' with { type: 'json' };
import error402 from './__fixtures__/error-402.json' with { type: 'json' };
import error429 from './__fixtures__/error-429.json' with { type: 'json' };
import empty from './__fixtures__/search-empty.json' with { type: 'json' };
import news from './__fixtures__/search-news.json' with { type: 'json' };
import text from './__fixtures__/search-text.json' with { type: 'json' };
import { createExaProvider, fromEnv, providerDefinition } from './index.ts';
import { kit } from './testing.ts';

const SEARCH = 'https://api.exa.ai/search';
const KEY = kit.apiKey!;
const DAY_MS = 86_400_000;

const server = useMswServer();

/** Answers like Exa: 401 without the key, the news fixture only for `category: "news"`, cut to `numResults`. */
function resultHandlers(mode: SearchMode) {
  return [
    http.post(SEARCH, async ({ request }) => {
      if (request.headers.get('x-api-key') !== KEY) return HttpResponse.json(error401, { status: 401 });
      const body = (await request.json()) as { numResults: number; category?: string };
      const expected = mode === 'news' ? 'news' : undefined;
      if (body.category !== expected) return HttpResponse.json(error400, { status: 400 });
      const fixture = mode === 'news' ? news : text;
      return HttpResponse.json({ ...fixture, results: fixture.results.slice(0, body.numResults) });
    }),
  ];
}

function fail(status: number, body: JsonBodyType, headers: Record<string, string> = {}) {
  return [http.post(SEARCH, () => HttpResponse.json(body, { status, headers }))];
}

/** The search endpoint, answering with `resolver`. */
const endpoint = (resolver: HttpResponseResolver) => http.post(SEARCH, resolver);

const faults: FaultCase[] = [
  ...jsonApiFaults({
    route: endpoint,
    errorBody: (status, message) => ({ requestId: 'f0e1d2c3', error: message, tag: `HTTP_${status}` }),
    wrongShape: { requestId: 'a1b2', results: 'none' },
  }),
  {
    name: 'HTTP 403 (feature not on plan)',
    handlers: fail(403, { requestId: 'd4c3b2a1', error: 'Access denied', tag: 'ACCESS_DENIED' }),
    code: 'unauthorized',
  },
  { name: 'HTTP 402 (out of credits)', handlers: fail(402, error402), code: 'quota_exceeded' },
  { name: 'HTTP 400', handlers: fail(400, error400), code: 'invalid_request' },
  {
    name: 'HTTP 503 with no body',
    handlers: [endpoint(() => new HttpResponse(null, { status: 503 }))],
    code: 'unavailable',
  },
  {
    name: 'a 200 with an empty body',
    handlers: [endpoint(() => new HttpResponse(null, { status: 200 }))],
    code: 'provider_error',
  },
];

describeProviderConformance('exa', {
  kit,
  server,
  resultHandlers,
  minResults: 4,
  endpoint,
  emptyAnswer: empty,
  faults,
  async expectFiltersSent(requests, input) {
    const body = (await requests[0]!.json()) as Record<string, unknown>;
    const start = Date.parse(String(body.startPublishedDate));
    expect(Math.abs(Date.now() - DAY_MS - start)).toBeLessThan(60_000);
    expect(body.includeDomains).toEqual(input.includeDomains);
  },
});

const request = (overrides: Partial<SearchRequest> = {}) =>
  searchRequest({ query: 'solid state batteries', ...overrides });

/** Runs one search and returns the one upstream request it made, whatever the base URL. */
const capture = (provider = createExaProvider({ apiKey: KEY }), req = request()) =>
  captureRequest(server, { url: '*/search', answer: text }, () =>
    provider.search(req, { signal: AbortSignal.timeout(5_000) }),
  );

describe('exa request', () => {
  it('POSTs the query, numResults, filters and a capped snippet to /search with the key in x-api-key', async () => {
    const { url, headers, body } = await capture(
      undefined,
      request({
        mode: 'news',
        maxResults: 7,
        timeRange: 'd',
        includeDomains: ['reuters.com', 'apnews.com'],
        excludeDomains: ['example.org'],
      }),
    );
    expect(url).toBe(SEARCH);
    expect(headers.get('x-api-key')).toBe(KEY);
    expect(body).toMatchObject({
      query: 'solid state batteries',
      numResults: 7,
      category: 'news',
      includeDomains: ['reuters.com', 'apnews.com'],
      excludeDomains: ['example.org'],
    });
    const start = Date.parse(String(body.startPublishedDate));
    expect(Math.abs(Date.now() - DAY_MS - start)).toBeLessThan(60_000);
    // Never the SDK default of 10,000 characters of text per page.
    expect(body.contents).toEqual({ highlights: { maxCharacters: 500 } });
  });

  it('sends no category, date or domain filters for a plain text search', async () => {
    const { body } = await capture();
    expect(body).toEqual({
      query: 'solid state batteries',
      numResults: 5,
      contents: { highlights: { maxCharacters: 500 } },
    });
  });

  it.each([
    ['w', 7],
    ['m', 30],
    ['y', 365],
  ] as const)('computes startPublishedDate for time range %s as %i days back', async (timeRange, days) => {
    const { body } = await capture(undefined, request({ timeRange }));
    const start = Date.parse(String(body.startPublishedDate));
    expect(String(body.startPublishedDate)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Math.abs(Date.now() - days * DAY_MS - start)).toBeLessThan(60_000);
  });

  it('maps strict safe search to moderation and the region to userLocation', async () => {
    const { body } = await capture(undefined, request({ safeSearch: 'strict', region: 'de-de' }));
    expect(body).toMatchObject({ moderation: true, userLocation: 'DE' });
    const uk = await capture(undefined, request({ region: 'uk-en' }));
    expect(uk.body.userLocation).toBe('GB');
    const none = await capture(undefined, request({ region: 'wt-wt' }));
    expect(none.body).not.toHaveProperty('userLocation');
    expect(none.body).not.toHaveProperty('moderation');
  });

  it('passes the search type through when configured', async () => {
    const { body } = await capture(createExaProvider({ apiKey: KEY, searchType: 'fast' }));
    expect(body.type).toBe('fast');
  });

  it('sends requests to baseURL, from the option or EXA_BASE_URL', async () => {
    const fromOption = await capture(
      createExaProvider({ apiKey: KEY, baseURL: 'https://exa-gateway.internal.test/v1/' }),
    );
    expect(fromOption.url).toBe('https://exa-gateway.internal.test/v1/search');
    const configured = await capture(fromEnv({ EXA_API_KEY: KEY, EXA_BASE_URL: 'http://localhost:8787' }));
    expect(configured.url).toBe('http://localhost:8787/search');
    expect(configured.headers.get('x-api-key')).toBe(KEY);
  });

  it('rejects a baseURL that is not an http(s) URL without echoing it', () => {
    const error = (() => {
      try {
        createExaProvider({ apiKey: KEY, baseURL: 'ftp://user:pw@host' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe('Exa baseURL must be an http(s) URL');
    expect(() => createExaProvider({ apiKey: KEY, baseURL: 'not a url' })).toThrow(TypeError);
  });

  it('sends its request through a supplied fetch, such as a proxy-aware one', async () => {
    const seen: string[] = [];
    // A gateway-style fetch: it marks the request, then performs it; the msw endpoint sees the mark.
    const gatewayFetch: typeof fetch = (input, init) => {
      seen.push(String(input));
      const headers = new Headers(init?.headers);
      headers.set('x-via', 'test-gateway');
      return globalThis.fetch(input, { ...init, headers });
    };
    const upstream = await captureRequest(server, { url: '*/search', answer: text }, async () => {
      const { results } = await createExaProvider({
        apiKey: KEY,
        baseURL: 'http://gateway.internal/exa',
        fetch: gatewayFetch,
      }).search(request(), { signal: AbortSignal.timeout(5_000) });
      expect(results).toHaveLength(text.results.length);
    });
    expect(seen).toEqual(['http://gateway.internal/exa/search']);
    expect(upstream.url).toBe('http://gateway.internal/exa/search');
    expect(upstream.headers.get('x-via')).toBe('test-gateway');
    expect(upstream.headers.get('x-api-key')).toBe(KEY);
  });
});

describe('exa results', () => {
  it('maps title, url, joined highlights, publishedDate and author', async () => {
    server.use(...resultHandlers('text'));
    const provider = createExaProvider({ apiKey: KEY });
    const { results } = await provider.search(request({ maxResults: 10 }), {
      signal: AbortSignal.timeout(5_000),
    });
    expect(results).toHaveLength(6);
    expect(results[0]).toEqual({
      title: 'Solid-state batteries edge closer to the mass market',
      url: 'https://www.nature.com/articles/d41586-026-03412-7',
      snippet:
        'Pilot lines in Japan and South Korea are now producing sulfide-electrolyte cells at a rate of several thousand a month, and carmakers expect the first vehicles to use them before 2028. … The main obstacle remaining is cost: the electrolyte materials are still roughly ten times more expensive than the liquid they replace.',
      publishedAt: '2026-11-18T09:30:00.000Z',
      author: 'Katharine Sanderson',
    });
    expect(results[1]).toMatchObject({ publishedAt: '2025-03-14', author: null });
    // No highlights and no text: no snippet, but the result is kept.
    expect(results[5]).toMatchObject({ title: 'Toyota gets approval to build solid-state battery plant' });
    expect(results[5]!.snippet).toBeUndefined();
  });

  it('asks for page text only when the request wants it, and hands it on as content beside the highlights', async () => {
    const bodies: { contents?: unknown }[] = [];
    server.use(
      http.post(SEARCH, async ({ request: r }) => {
        const body = (await r.json()) as { contents: { text?: unknown } };
        bodies.push(body);
        return HttpResponse.json({
          requestId: '3f2e1d0c9b8a',
          resolvedSearchType: 'neural',
          results: [
            {
              id: 'https://example.com/statute',
              url: 'https://example.com/statute',
              title: 'A statute',
              publishedDate: '2024-05-01T00:00:00.000Z',
              author: null,
              highlights: ['Article 12. A short highlight.'],
              highlightScores: [0.61],
              ...(body.contents.text
                ? { text: 'Chapter 1\n\nArticle 1. The whole page.\n\nArticle 12. A short highlight.' }
                : {}),
            },
          ],
          costDollars: { total: 0.006 },
        });
      }),
    );
    const client = createSearchClient({ providers: [createExaProvider({ apiKey: KEY })] });
    const withText = await client.search({ query: 'statute article 12', includeContent: true });
    expect(bodies[0]!.contents).toEqual({
      highlights: { maxCharacters: 500 },
      text: { maxCharacters: 20_000 },
    });
    expect(withText.results[0]).toMatchObject({
      snippet: 'Article 12. A short highlight.',
      content: 'Chapter 1 Article 1. The whole page. Article 12. A short highlight.',
    });
    const plain = await client.search({ query: 'statute article 12' });
    expect(bodies[1]!.contents).toEqual({ highlights: { maxCharacters: 500 } });
    expect(plain.results[0]).not.toHaveProperty('content');
  });

  it('falls back to page text when Exa sends text instead of highlights', async () => {
    server.use(
      http.post(SEARCH, () =>
        HttpResponse.json({
          requestId: '9e8d7c6b',
          results: [
            {
              id: 'https://example.com/a',
              url: 'https://example.com/a',
              title: 'A page',
              text: 'The whole text, capped by maxCharacters.',
            },
          ],
        }),
      ),
    );
    const { results } = await createExaProvider({ apiKey: KEY }).search(request(), {
      signal: AbortSignal.timeout(5_000),
    });
    expect(results[0]!.snippet).toBe('The whole text, capped by maxCharacters.');
  });

  it('gives the client ISO dates, including for date-only publishedDate values', async () => {
    server.use(...resultHandlers('text'));
    const response = await createSearchClient({ providers: [createExaProvider({ apiKey: KEY })] }).search({
      query: 'solid state batteries',
      maxResults: 10,
    });
    expect(response.results.map((r) => r.publishedAt)).toEqual([
      '2026-11-18T09:30:00.000Z',
      '2025-03-14T00:00:00.000Z',
      '2026-02-03T00:00:00.000Z',
      '2026-09-22T13:05:41.000Z',
      '2026-08-04T00:00:00.000Z',
      '2026-10-29T05:12:00.000Z',
    ]);
    expect(response.results[1]!.source).toBe('en.wikipedia.org');
  });
});

describe('exa errors', () => {
  it('keeps what Exa said about a bad request in the message', async () => {
    server.use(...fail(400, error400));
    const error = await createExaProvider({ apiKey: KEY })
      .search(request(), { signal: AbortSignal.timeout(5_000) })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalid_request', status: 400, provider: 'exa', retryable: false });
    expect((error as Error).message).toContain('numResults must be less than or equal to 100');
  });

  it('marks rate limits and outages retryable, bad keys and exhausted credits not', async () => {
    const codes: Record<number, [string, boolean]> = {
      401: ['unauthorized', false],
      402: ['quota_exceeded', false],
      429: ['rate_limited', true],
      503: ['unavailable', true],
    };
    for (const [status, [code, retryable]] of Object.entries(codes)) {
      server.use(...fail(Number(status), { requestId: 'r', error: 'x', tag: 'X' }));
      const error = await createExaProvider({ apiKey: KEY })
        .search(request(), { signal: AbortSignal.timeout(5_000) })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code, retryable, status: Number(status) });
    }
  });

  describe('on a real socket', () => {
    let socketServer: Server | undefined;
    afterEach(() => {
      socketServer?.close();
      socketServer = undefined;
    });

    it('maps a connection reset by the peer to unavailable', async () => {
      socketServer = createServer((socket) => socket.resetAndDestroy());
      await new Promise<void>((resolve) => socketServer!.listen(0, '127.0.0.1', resolve));
      const { port } = socketServer.address() as { port: number };
      server.use(http.post(`http://127.0.0.1:${port}/search`, () => passthrough()));
      const error = await createExaProvider({ apiKey: KEY, baseURL: `http://127.0.0.1:${port}` })
        .search(request(), { signal: AbortSignal.timeout(5_000) })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'unavailable', provider: 'exa' });
      expect((error as Error).message).toMatch(/ECONNRESET|UND_ERR_SOCKET/);
    });
  });
});

describe('exa configuration', () => {
  it('is not configured without a key, and then fails unauthorized without touching the network', async () => {
    const previous = process.env.EXA_API_KEY;
    // Set, to show an empty key is not replaced by the environment behind the caller's back.
    process.env.EXA_API_KEY = KEY;
    try {
      for (const provider of [createExaProvider({ apiKey: '' }), fromEnv({})]) {
        expect(provider.configured).toBe(false);
        server.use(...resultHandlers('text'));
        let error: unknown;
        const requests = await countRequests(server, async () => {
          error = await provider.search(request(), { signal: AbortSignal.timeout(5_000) }).catch((e) => e);
        });
        expect(requests).toBe(0);
        expect(error).toMatchObject({ code: 'unauthorized', provider: 'exa' });
      }
    } finally {
      if (previous === undefined) delete process.env.EXA_API_KEY;
      else process.env.EXA_API_KEY = previous;
    }
  });

  it('exports a provider definition built from EXA_API_KEY', () => {
    expect(providerDefinition).toMatchObject({
      id: 'exa',
      name: 'Exa',
      apiKeyEnv: 'EXA_API_KEY',
      baseUrlEnv: 'EXA_BASE_URL',
    });
    expect(providerDefinition.capabilities.domainFilter).toBe('native');
    const provider = fromEnv({ EXA_API_KEY: KEY });
    expect(provider).toMatchObject({ specificationVersion: 'v1', id: 'exa', name: 'Exa', configured: true });
    expect(provider.capabilities.modes).toEqual(['text', 'news']);
  });
});

describe('exa abort', () => {
  it('rejects with the abort reason before any request when the signal is already aborted', async () => {
    server.use(...resultHandlers('text'));
    const controller = new AbortController();
    controller.abort();
    let error: unknown;
    const requests = await countRequests(server, async () => {
      error = await createExaProvider({ apiKey: KEY })
        .search(request(), { signal: controller.signal })
        .catch((e) => e);
    });
    expect(requests).toBe(0);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('rejects promptly on abort and leaves no unhandled rejection when the late answer fails', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    let answered!: () => void;
    const lateAnswer = new Promise<void>((resolve) => {
      answered = resolve;
    });
    try {
      server.use(
        http.post(SEARCH, async () => {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          answered();
          return HttpResponse.json(error429, { status: 429 });
        }),
      );
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 30);
      let upstreamAnswered = false;
      lateAnswer.then(() => {
        upstreamAnswered = true;
      });
      const error = await createExaProvider({ apiKey: KEY })
        .search(request(), { signal: controller.signal })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'AbortError' });
      // Released on the abort (30 ms), not when the upstream answers (1 s): timers fire in order, however
      // busy the machine.
      expect(upstreamAnswered).toBe(false);
      // Let the abandoned request fail, then give unhandled rejections a few turns to surface.
      await lateAnswer;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('exa secrets', () => {
  const echo = `key ${KEY} is not valid`;
  const leaks: FaultCase[] = [
    ...faults,
    {
      name: '401 echoing the key',
      handlers: fail(401, { requestId: 'r', error: echo, tag: 'INVALID_API_KEY' }),
      code: 'unauthorized',
    },
    {
      name: '400 echoing the key',
      handlers: fail(400, { requestId: 'r', error: echo, tag: 'INVALID_REQUEST' }),
      code: 'invalid_request',
    },
    {
      name: '500 HTML echoing the key',
      handlers: [http.post(SEARCH, () => HttpResponse.html(`<pre>${echo}</pre>`, { status: 500 }))],
      code: 'unavailable',
    },
    {
      name: '200 non-JSON echoing the key',
      handlers: [http.post(SEARCH, () => HttpResponse.text(`debug: ${echo}`))],
      code: 'provider_error',
    },
  ];

  it.each(leaks.map((f) => [f.name, f] as const))('%s: the key appears nowhere', async (_name, fault) => {
    server.use(...fault.handlers);
    const logs: unknown[] = [];
    const record = (obj: object, msg?: string) => logs.push([obj, msg]);
    const logger: Logger = { debug: record, info: record, warn: record, error: record };
    const provider = createExaProvider({ apiKey: KEY });
    const direct = await provider
      .search(request(), { signal: AbortSignal.timeout(5_000) })
      .catch((e: unknown) => e);
    const viaClient = await createSearchClient({ providers: [createExaProvider({ apiKey: KEY })], logger })
      .search({ query: 'solid state batteries' })
      .catch((e: unknown) => e);
    for (const error of [direct, viaClient]) {
      expect(isSearchError(error)).toBe(true);
      expect(error).toMatchObject({ code: fault.code });
      const e = error as Error;
      for (const text of [e.message, String(e.stack), JSON.stringify(e), inspect(e, { depth: 10 })]) {
        expect(text).not.toContain(KEY);
      }
    }
    expect(inspect(logs, { depth: 10 })).not.toContain(KEY);
  });
});

describeHttpStatusContract('exa', { kit, server });
