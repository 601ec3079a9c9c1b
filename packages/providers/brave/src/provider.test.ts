import { createSearchClient, type SearchMode, type SearchRequest } from '@agent-search/core';
import {
  describeHttpStatusContract,
  describeProviderConformance,
  jsonApiFaults,
  searchFailure,
  searchRequest,
  useMswServer,
} from '@agent-search/testing';
import { HttpResponse, type HttpResponseResolver, http } from 'msw';
import { describe, expect, it } from 'vitest';
import news from './__fixtures__/news.json' with { type: 'json' };
import videos from './__fixtures__/videos.json' with { type: 'json' };
import web from './__fixtures__/web.json' with { type: 'json' };
import webEmpty from './__fixtures__/web-empty.json' with { type: 'json' };
import { BRAVE_ENDPOINTS, createBraveProvider, providerDefinition } from './index.ts';
import { kit } from './testing.ts';

const ORIGIN = 'https://api.search.brave.com';
const KEY = kit.apiKey!;
const url = (mode: SearchMode) => `${ORIGIN}${BRAVE_ENDPOINTS[mode]}`;

const server = useMswServer();

/** Answers like Brave: the mode's fixture, cut to `count`; a request without the key gets Brave's 401. */
function answer(mode: SearchMode): HttpResponseResolver {
  return ({ request }) => {
    if (request.headers.get('x-subscription-token') !== KEY) {
      return HttpResponse.json(errorBody(401, 'The provided subscription token is invalid.'), {
        status: 401,
      });
    }
    const count = Number(new URL(request.url).searchParams.get('count'));
    if (mode === 'text')
      return HttpResponse.json({ ...web, web: { ...web.web, results: web.web.results.slice(0, count) } });
    const fixture = mode === 'news' ? news : videos;
    return HttpResponse.json({ ...fixture, results: fixture.results.slice(0, count) });
  };
}

/** Brave's error envelope. */
function errorBody(status: number, detail: string) {
  const code =
    { 401: 'SUBSCRIPTION_TOKEN_INVALID', 422: 'VALIDATION', 429: 'RATE_LIMITED' }[status] ?? 'ERROR';
  return {
    type: 'ErrorResponse',
    error: { id: '5d6c4e0a-1f2b', status, code, detail, meta: {} },
    time: 1_732_000_000,
  };
}

const provider = () => createBraveProvider({ apiKey: KEY });
const request = (overrides: Partial<SearchRequest> = {}) =>
  searchRequest({ query: 'heat pump efficiency', ...overrides });
const failure = (req = request()) =>
  searchFailure(provider().search(req, { signal: AbortSignal.timeout(5_000) }));

/** Runs one search and returns the upstream request's URL and headers. */
async function capture(req: SearchRequest, create = provider) {
  const seen: Request[] = [];
  server.use(
    ...(['text', 'news', 'videos'] as const).map((mode) =>
      http.get(url(mode), (info) => {
        seen.push(info.request.clone());
        return answer(mode)(info);
      }),
    ),
  );
  await create().search(req, { signal: AbortSignal.timeout(5_000) });
  expect(seen).toHaveLength(1);
  return { url: new URL(seen[0]!.url), headers: seen[0]!.headers };
}

/** The search endpoint, answering with `resolver`. */
const endpoint = (resolver: HttpResponseResolver) => http.get(url('text'), resolver);

describeProviderConformance('brave', {
  kit,
  server,
  resultHandlers: (mode) => [http.get(url(mode), answer(mode))],
  endpoint,
  emptyAnswer: webEmpty,
  faults: jsonApiFaults({
    route: endpoint,
    errorBody,
    // A web object without its results list.
    wrongShape: { type: 'search', web: { type: 'search', results: null } },
    statuses: [
      // The plan does not include this endpoint.
      { status: 403, message: 'Plan does not include this option', code: 'unauthorized' },
      // A parameter Brave rejects.
      { status: 422, message: 'Unable to validate request parameter(s)', code: 'invalid_request' },
    ],
  }),
  expectFiltersSent: (requests) => {
    const sent = new URL(requests.at(-1)!.url).searchParams;
    expect(sent.get('freshness')).toBe('pd');
    expect(sent.get('q')).toBe('filters query site:example.com');
  },
});

describe('brave request', () => {
  it('sends the key in X-Subscription-Token and the request as query parameters of the web endpoint', async () => {
    const { url: sent, headers } = await capture(
      request({ region: 'de-de', safeSearch: 'strict', maxResults: 7 }),
    );
    expect(headers.get('x-subscription-token')).toBe(KEY);
    expect(sent.pathname).toBe('/res/v1/web/search');
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      q: 'heat pump efficiency',
      count: '7',
      safesearch: 'strict',
      country: 'de',
      search_lang: 'de',
      result_filter: 'web',
    });
  });

  it('calls the news and videos endpoints with freshness pw/pm/py, "uk" as country gb, no country for wt-wt', async () => {
    const newsCall = await capture(request({ mode: 'news', timeRange: 'w', region: 'uk-en' }));
    expect(newsCall.url.pathname).toBe('/res/v1/news/search');
    expect(Object.fromEntries(newsCall.url.searchParams)).toMatchObject({
      freshness: 'pw',
      country: 'gb',
      search_lang: 'en',
    });
    expect(newsCall.url.searchParams.has('result_filter')).toBe(false);
    const videoCall = await capture(request({ mode: 'videos', timeRange: 'y', region: 'wt-wt' }));
    expect(videoCall.url.pathname).toBe('/res/v1/videos/search');
    expect(videoCall.url.searchParams.get('freshness')).toBe('py');
    expect(videoCall.url.searchParams.has('country')).toBe(false);
    const month = await capture(request({ timeRange: 'm', excludeDomains: ['pinterest.com'] }));
    expect(month.url.searchParams.get('freshness')).toBe('pm');
    expect(month.url.searchParams.get('q')).toBe('heat pump efficiency -site:pinterest.com');
  });
});

describe('brave response', () => {
  it('maps web results: description as snippet, page_age (UTC) as the date, the host as source, markup stripped', async () => {
    server.use(http.get(url('text'), answer('text')));
    const response = await createSearchClient({ providers: [provider()] }).search({
      query: 'heat pump efficiency',
      maxResults: 10,
    });
    expect(response.results[0]).toMatchObject({
      title: 'How Heat Pumps Work and What Affects Their Efficiency',
      url: 'https://www.energy.gov/energysaver/heat-pump-systems',
      snippet: expect.stringMatching(/^A heat pump's efficiency is rated by its HSPF/),
      publishedAt: '2025-02-14T09:12:44.000Z',
      provider: 'brave',
    });
    // No page_age and no age: no date rather than a guess.
    expect(response.results.find((r) => r.url.includes('nrel.gov'))?.publishedAt).toBeUndefined();
  });

  it('maps video results: duration, views, creator, publisher', async () => {
    server.use(http.get(url('videos'), answer('videos')));
    const response = await createSearchClient({ providers: [provider()] }).search({
      query: 'sourdough starter',
      mode: 'videos',
    });
    expect(response.results[0]).toMatchObject({
      title: 'How to make a sourdough starter from scratch',
      duration: '12:41',
      viewCount: 482113,
      author: 'Bake With Jack',
      publisher: 'YouTube',
      publishedAt: '2025-03-03T15:00:09.000Z',
    });
  });

  it('treats an answer without a web section as no results', async () => {
    server.use(http.get(url('text'), () => HttpResponse.json(webEmpty)));
    await expect(provider().search(request(), { signal: AbortSignal.timeout(5_000) })).resolves.toEqual({
      results: [],
    });
  });
});

describe('brave errors', () => {
  it('waits until the used-up window resets on 429 (X-RateLimit-Reset), and quotes Brave without the key', async () => {
    server.use(
      http.get(url('text'), () =>
        HttpResponse.json(errorBody(429, `Request rate limit exceeded for plan (token ${KEY}).`), {
          status: 429,
          headers: {
            'X-RateLimit-Limit': '1, 15000',
            'X-RateLimit-Remaining': '0, 14000',
            'X-RateLimit-Reset': '1, 1419704',
          },
        }),
      ),
    );
    const error = await failure();
    expect(error).toMatchObject({ code: 'rate_limited', retryable: true, retryAfterMs: 1_000, status: 429 });
    expect(error.message).toMatch(
      /^Brave is rate limiting requests \(HTTP 429\): Request rate limit exceeded for plan/,
    );
    expect(error.message).not.toContain(KEY);
  });

  it('waits for the monthly window when the month is used up', async () => {
    server.use(
      http.get(url('text'), () =>
        HttpResponse.json(errorBody(429, 'Quota exceeded'), {
          status: 429,
          headers: { 'X-RateLimit-Remaining': '1, 0', 'X-RateLimit-Reset': '1, 86400' },
        }),
      ),
    );
    expect(await failure()).toMatchObject({ code: 'rate_limited', retryAfterMs: 86_400_000 });
  });

  it('prefers Retry-After when Brave sends one, and ignores unreadable reset headers', async () => {
    server.use(
      http.get(url('text'), () =>
        HttpResponse.json(errorBody(429, 'slow down'), {
          status: 429,
          headers: { 'Retry-After': '7', 'X-RateLimit-Reset': '1' },
        }),
      ),
    );
    expect(await failure()).toMatchObject({ retryAfterMs: 7_000 });
    server.use(
      http.get(url('text'), () =>
        HttpResponse.json(errorBody(429, 'slow down'), {
          status: 429,
          headers: { 'X-RateLimit-Reset': 'soon' },
        }),
      ),
    );
    expect((await failure()).retryAfterMs).toBeUndefined();
  });

  it('quotes the 422 detail', async () => {
    server.use(
      http.get(url('text'), () =>
        HttpResponse.json(errorBody(422, 'Unable to validate request parameter(s)'), { status: 422 }),
      ),
    );
    expect((await failure()).message).toBe(
      'Brave rejected the request (HTTP 422): Unable to validate request parameter(s)',
    );
  });

  it('rejects a baseURL that is not an http(s) URL without echoing it', () => {
    expect(() => createBraveProvider({ apiKey: KEY, baseURL: 'ftp://user:pw@host' })).toThrow(
      /http\(s\) URL/,
    );
    expect(() => createBraveProvider({ apiKey: KEY, baseURL: 'ftp://user:pw@host' })).not.toThrow(/pw@host/);
  });
});

describe('brave definition', () => {
  it('describes the provider without importing it', () => {
    expect(providerDefinition).toMatchObject({
      id: 'brave',
      name: 'Brave',
      apiKeyEnv: 'BRAVE_API_KEY',
      baseUrlEnv: 'BRAVE_BASE_URL',
    });
  });
});

describeHttpStatusContract('brave', { kit, server });
