import { readFileSync } from 'node:fs';
import { createSearchClient, type SearchMode, type SearchResponse } from '@agent-search/core';
import {
  answerWithResults,
  countRequests,
  describeHttpStatusContract,
  describeProviderConformance,
  hang,
  jsonApiCalls,
  jsonApiFaults,
  requestsDuring,
  useMswServer,
} from '@agent-search/testing';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import errors from './__fixtures__/errors.json' with { type: 'json' };
import empty from './__fixtures__/search-empty.json' with { type: 'json' };
import news from './__fixtures__/search-news.json' with { type: 'json' };
import web from './__fixtures__/search-web.json' with { type: 'json' };
import { createPerplexityProvider } from './index.ts';
import { kit } from './testing.ts';

const API = 'https://api.perplexity.ai/search';
const KEY = kit.apiKey!;
const unauthorizedPage = readFileSync(new URL('./__fixtures__/unauthorized.html', import.meta.url), 'utf8');

const server = useMswServer();

/** Answers like the Search API: the fixture for the mode, cut to `max_results`. */
const resultHandlers = (mode: SearchMode) => [
  answerWithResults(API, mode === 'news' ? news : web, 'max_results'),
];

const { request, failure, capture, fail, endpoint } = jsonApiCalls(server, {
  url: API,
  query: 'postgresql 18 release',
  answer: web,
  errors,
});

describeProviderConformance('perplexity', {
  kit,
  server,
  resultHandlers,
  endpoint,
  emptyAnswer: empty,
  faults: [
    ...jsonApiFaults({
      route: endpoint,
      errorBody: (status, message) => ({ error: { message, type: 'error', code: status } }),
      // A wrong key meets the gateway's openresty page, not the API's JSON.
      pages: { 401: unauthorizedPage },
      wrongShape: { id: 'x', results: { items: [] } },
    }),
    {
      name: 'HTTP 403',
      handlers: [
        http.post(API, () =>
          HttpResponse.json({ error: { message: 'Forbidden', code: 403 } }, { status: 403 }),
        ),
      ],
      code: 'unauthorized',
    },
    { name: 'HTTP 400', handlers: fail('400'), code: 'invalid_request' },
    { name: 'HTTP 402 (no credits)', handlers: fail('402'), code: 'quota_exceeded' },
    {
      name: 'truncated JSON',
      handlers: [
        http.post(
          API,
          () =>
            new HttpResponse('{"results": [{"title": "Postgr', {
              headers: { 'Content-Type': 'application/json' },
            }),
        ),
      ],
      code: 'provider_error',
    },
  ],
  expectFiltersSent: async (requests) => {
    const body = (await requests.at(-1)!.json()) as Record<string, unknown>;
    expect(body.search_recency_filter).toBe('day');
    expect(body.search_domain_filter).toEqual(['example.com']);
  },
});

describe('perplexity request', () => {
  it('sends the key as a Bearer token and a lean body', async () => {
    const { headers, body } = await capture(createPerplexityProvider({ apiKey: KEY }), request());
    expect(headers.get('authorization')).toBe(`Bearer ${KEY}`);
    expect(body).toEqual({ query: 'postgresql 18 release', max_results: 5, max_tokens_per_page: 512 });
  });

  it('maps time range, allowlist and region onto recency, domain filter and country', async () => {
    const { body } = await capture(
      createPerplexityProvider({ apiKey: KEY, maxTokensPerPage: 256 }),
      request({
        maxResults: 9,
        timeRange: 'm',
        includeDomains: ['postgresql.org', 'pganalyze.com'],
        region: 'de-de',
      }),
    );
    expect(body).toEqual({
      query: 'postgresql 18 release',
      max_results: 9,
      max_tokens_per_page: 256,
      search_recency_filter: 'month',
      search_domain_filter: ['postgresql.org', 'pganalyze.com'],
      country: 'DE',
    });
  });

  it('sends exclusions as a "-" denylist', async () => {
    const { body } = await capture(
      createPerplexityProvider({ apiKey: KEY }),
      request({ excludeDomains: ['wikipedia.org', 'reddit.com'] }),
    );
    expect(body.search_domain_filter).toEqual(['-wikipedia.org', '-reddit.com']);
  });

  it('sends only the allowlist when both are given; core drops excluded results', async () => {
    server.use(...resultHandlers('text'));
    const client = createSearchClient({ providers: [createPerplexityProvider({ apiKey: KEY })] });
    let response!: SearchResponse;
    const requests = await requestsDuring(server, async () => {
      response = await client.search({
        query: 'postgres 18',
        includeDomains: ['postgresql.org', 'wikipedia.org'],
        excludeDomains: ['en.wikipedia.org'],
        maxResults: 10,
      });
    });
    expect(await requests.at(-1)?.json()).toMatchObject({
      search_domain_filter: ['postgresql.org', 'wikipedia.org'],
    });
    expect(response.results.map((r) => r.source)).toEqual(['postgresql.org', 'postgresql.org']);
  });

  it('news mode asks for the last week unless a time range is given', async () => {
    const provider = createPerplexityProvider({ apiKey: KEY });
    expect((await capture(provider, request({ mode: 'news' }))).body.search_recency_filter).toBe('week');
    expect(
      (await capture(provider, request({ mode: 'news', timeRange: 'd' }))).body.search_recency_filter,
    ).toBe('day');
    expect((await capture(provider, request({ mode: 'text' }))).body).not.toHaveProperty(
      'search_recency_filter',
    );
  });

  it.each([
    ['us-en', 'US'],
    ['uk-en', 'GB'],
    ['wt-wt', undefined],
    ['xa-ar', undefined],
  ])('maps region %s to country %s', async (region, country) => {
    const { body } = await capture(createPerplexityProvider({ apiKey: KEY }), request({ region }));
    expect(body.country).toBe(country);
  });
});

describe('perplexity response', () => {
  it('maps snippet and date, decoding markup through core', async () => {
    server.use(...resultHandlers('text'));
    const client = createSearchClient({ providers: [createPerplexityProvider({ apiKey: KEY })] });
    const response = await client.search({ query: 'postgres 18', maxResults: 10 });
    expect(response.results).toHaveLength(5);
    expect(response.results[0]).toMatchObject({
      title: 'PostgreSQL 18 Released!',
      url: 'https://www.postgresql.org/about/news/postgresql-18-released-3142/',
      source: 'postgresql.org',
      publishedAt: '2025-09-25T00:00:00.000Z',
      provider: 'perplexity',
    });
    expect(response.results[2]?.title).toBe("What's new in Postgres 18 – a developer's guide");
    expect(response.results[2]?.snippet).toMatch(/^Postgres 18 ships asynchronous I\/O\b/);
    // `date: null` leaves publishedAt unset rather than falling back to the crawl date.
    expect(response.results[3]?.publishedAt).toBeUndefined();
  });
});

describe('perplexity errors', () => {
  it('does not retry inside the SDK: one request per failed search', async () => {
    const provider = createPerplexityProvider({ apiKey: KEY });
    server.use(...fail('500'));
    expect(await countRequests(server, () => failure(provider))).toBe(1);
    server.use(...fail('429'));
    expect(await countRequests(server, () => failure(provider))).toBe(1);
    server.use(http.post(API, () => HttpResponse.error()));
    expect(await countRequests(server, () => failure(provider))).toBe(1);
  });

  it('reports Retry-After on 429 and quotes the reason', async () => {
    server.use(...fail('429', { 'Retry-After': '30' }));
    const error = await failure(createPerplexityProvider({ apiKey: KEY }));
    expect(error).toMatchObject({ code: 'rate_limited', status: 429, retryable: true, retryAfterMs: 30_000 });
    expect(error.message).toBe(
      'Perplexity is rate limiting requests (HTTP 429): Rate limit exceeded. Please slow down your requests.',
    );
  });

  it('marks 402 as a non-retryable quota error', async () => {
    server.use(...fail('402'));
    expect(await failure(createPerplexityProvider({ apiKey: KEY }))).toMatchObject({
      code: 'quota_exceeded',
      status: 402,
      retryable: false,
    });
  });

  it('rejects with the abort reason when the caller aborts, before or during the request', async () => {
    server.use(http.post(API, ({ request: r }) => hang(r)));
    const provider = createPerplexityProvider({ apiKey: KEY });
    const controller = new AbortController();
    const pending = provider.search(request(), { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await expect(provider.search(request(), { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  describe('an API key echoed back', () => {
    // Each upstream failure echoes the Authorization header back, as some gateways do.
    const echo = (status: number) =>
      http.post(API, ({ request: r }) =>
        HttpResponse.json(
          { error: { message: `Invalid key ${r.headers.get('authorization')}`, code: status } },
          { status },
        ),
      );
    it('redacts an echoed key but keeps the rest of the reason', async () => {
      server.use(echo(401));
      const error = await failure(createPerplexityProvider({ apiKey: KEY }));
      expect(error.message).toBe('Perplexity rejected the API key (HTTP 401): Invalid key Bearer [redacted]');
    });
  });
});

describeHttpStatusContract('perplexity', { kit, server });
