import { createSearchClient, isSearchError, type SearchRequest } from '@agent-search/core';
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
import empty from './__fixtures__/empty.json' with { type: 'json' };
import news from './__fixtures__/news.json' with { type: 'json' };
import web from './__fixtures__/web.json' with { type: 'json' };
import { createSerpApiProvider, providerDefinition, SERPAPI_SEARCH_PATH } from './index.ts';
import { kit } from './testing.ts';

const ENDPOINT = `https://serpapi.com${SERPAPI_SEARCH_PATH}`;
const KEY = kit.apiKey!;

const server = useMswServer();

/** SerpApi's error envelope, the same for every status. */
const errorBody = (_status: number, message: string) => ({ error: message });

/**
 * Answers like SerpApi's Google engine: `tbm=nws` gets the News tab, anything else the web results, cut to
 * `num`; a request without the key gets SerpApi's 401.
 */
const answer: HttpResponseResolver = ({ request }) => {
  const params = new URL(request.url).searchParams;
  if (params.get('api_key') !== KEY) {
    return HttpResponse.json(
      errorBody(401, 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key'),
      { status: 401 },
    );
  }
  const num = Number(params.get('num'));
  if (params.get('tbm') === 'nws')
    return HttpResponse.json({ ...news, news_results: news.news_results.slice(0, num) });
  return HttpResponse.json({ ...web, organic_results: web.organic_results.slice(0, num) });
};

const endpoint = (resolver: HttpResponseResolver) => http.get(ENDPOINT, resolver);
const provider = () => createSerpApiProvider({ apiKey: KEY });
const request = (overrides: Partial<SearchRequest> = {}) =>
  searchRequest({ query: 'heat pump efficiency', ...overrides });
const failure = (req = request(), create = provider) =>
  searchFailure(create().search(req, { signal: AbortSignal.timeout(5_000) }));

/** Runs one search and returns the upstream request's URL and headers. */
async function capture(req: SearchRequest) {
  const seen: Request[] = [];
  server.use(
    endpoint((info) => {
      seen.push(info.request.clone());
      return answer(info);
    }),
  );
  await provider().search(req, { signal: AbortSignal.timeout(5_000) });
  expect(seen).toHaveLength(1);
  return { url: new URL(seen[0]!.url), headers: seen[0]!.headers };
}

/** Every text of an error: its JSON, and the message and stack of it and its causes. */
function textsOf(error: unknown): string[] {
  const texts = [JSON.stringify(error)];
  for (let e: unknown = error; e instanceof Error; e = e.cause) texts.push(e.message, String(e.stack));
  return texts;
}

describeProviderConformance('serpapi', {
  kit,
  server,
  resultHandlers: () => [endpoint(answer)],
  endpoint,
  emptyAnswer: empty,
  faults: [
    ...jsonApiFaults({
      route: endpoint,
      errorBody,
      // A SerpApi answer whose results are not a list.
      wrongShape: { search_metadata: { status: 'Success' }, organic_results: { position: 1 } },
      statuses: [
        { status: 429, message: 'Your account has run out of searches.', code: 'quota_exceeded' },
        // The account was deleted.
        {
          status: 403,
          message: "The account associated with this API key doesn't exist.",
          code: 'unauthorized',
        },
        { status: 400, message: 'Missing query `q` parameter.', code: 'invalid_request' },
      ],
    }),
    {
      name: 'HTTP 503 with status Error (Google could not be scraped)',
      handlers: [
        endpoint(() =>
          HttpResponse.json(
            {
              search_metadata: { id: '64c32cfeb68f8bc186aaa013', status: 'Error' },
              error: "We couldn't get valid results for this search. Please try again later.",
            },
            { status: 503 },
          ),
        ),
      ],
      code: 'unavailable',
    },
  ],
  expectFiltersSent: (requests) => {
    const sent = new URL(requests.at(-1)!.url).searchParams;
    expect(sent.get('tbs')).toBe('qdr:d');
    expect(sent.get('q')).toBe('filters query site:example.com');
  },
});

describe('serpapi request', () => {
  it('sends the Google engine, the query, num, gl, hl and safe as query parameters, and the key as api_key', async () => {
    const { url: sent, headers } = await capture(
      request({ region: 'de-de', safeSearch: 'strict', maxResults: 7 }),
    );
    expect(sent.pathname).toBe('/search');
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      engine: 'google',
      q: 'heat pump efficiency',
      num: '7',
      gl: 'de',
      hl: 'de',
      safe: 'active',
      api_key: KEY,
    });
    // The key travels once, in the URL, and nowhere else.
    expect([...headers.values()].join(' ')).not.toContain(KEY);
  });

  it('asks for the News tab with tbm=nws, each time range as tbs=qdr:…, no gl/hl for wt-wt, no safe for moderate', async () => {
    const week = await capture(request({ mode: 'news', timeRange: 'w', region: 'wt-wt' }));
    expect(week.url.searchParams.get('tbm')).toBe('nws');
    expect(week.url.searchParams.get('tbs')).toBe('qdr:w');
    for (const name of ['gl', 'hl', 'safe']) expect(week.url.searchParams.has(name)).toBe(false);
    for (const [timeRange, tbs] of [
      ['d', 'qdr:d'],
      ['m', 'qdr:m'],
      ['y', 'qdr:y'],
    ] as const) {
      const { url } = await capture(request({ timeRange }));
      expect(url.searchParams.get('tbs')).toBe(tbs);
      expect(url.searchParams.has('tbm')).toBe(false);
    }
    const off = await capture(
      request({ safeSearch: 'off', excludeDomains: ['pinterest.com'], region: 'uk-en' }),
    );
    expect(off.url.searchParams.get('safe')).toBe('off');
    expect(off.url.searchParams.get('q')).toBe('heat pump efficiency -site:pinterest.com');
    expect(off.url.searchParams.get('gl')).toBe('gb');
    expect(off.url.searchParams.get('hl')).toBe('en');
  });
});

describe('serpapi response', () => {
  it('maps organic_results: link, snippet, the date Google shows, the site name as source, the total', async () => {
    server.use(endpoint(answer));
    const response = await createSearchClient({ providers: [provider()] }).search({
      query: 'heat pump efficiency',
      maxResults: 10,
    });
    expect(response.results).toHaveLength(4);
    expect(response.results[0]).toMatchObject({
      title: 'Heat Pump Systems | Department of Energy',
      url: 'https://www.energy.gov/energysaver/heat-pump-systems',
      snippet: expect.stringMatching(/^A heat pump's efficiency is rated by its HSPF and SEER2\./),
      source: 'Department of Energy (.gov)',
      provider: 'serpapi',
    });
    // "Feb 14, 2025" as Google prints it: a day, in the machine's zone.
    expect(response.results[0]!.publishedAt).toMatch(/^2025-02-1[345]T/);
    // "3 days ago", counted back from when SerpApi ran the search (search_metadata.processed_at).
    expect(response.results[2]!.publishedAt).toBe('2026-11-21T09:14:10.000Z');
    // No date at all: none invented.
    expect(response.results[1]!.publishedAt).toBeUndefined();
    const raw = await provider().search(request(), { signal: AbortSignal.timeout(5_000) });
    expect(raw.totalResults).toBe(48_300_000);
  });

  it('maps news_results: the outlet as source, relative ages ("4 hours ago", "30 mins ago") as dates', async () => {
    server.use(endpoint(answer));
    const response = await createSearchClient({ providers: [provider()] }).search({
      query: 'ECB rate decision',
      mode: 'news',
      timeRange: 'w',
    });
    expect(response.results.map((r) => [r.source, r.publishedAt])).toEqual([
      ['Reuters', '2026-11-24T05:21:44.000Z'],
      ['Financial Times', '2026-11-23T09:21:44.000Z'],
      ['Bloomberg.com', expect.stringMatching(/^2026-11-(18|19|20)T/)],
      ['CNBC', '2026-11-24T08:51:44.000Z'],
    ]);
    expect(response.results[0]).toMatchObject({
      title: 'ECB holds rates steady as inflation nears target',
      url: 'https://www.reuters.com/markets/europe/ecb-holds-rates-steady-2026-11-20/',
      snippet: expect.stringMatching(/^The European Central Bank left its deposit rate unchanged/),
    });
  });

  it('a search processed at the earliest date a Date holds: its relative ages are undated, the answer kept', async () => {
    server.use(
      endpoint(() =>
        HttpResponse.json({
          search_metadata: { status: 'Success', processed_at: '-271821-04-20 00:00:00 UTC' },
          news_results: [
            { title: 'Old news', link: 'https://example.com/old', source: 'Example', date: '3 days ago' },
            { title: 'Dated', link: 'https://example.com/dated', source: 'Example', date: 'Feb 14, 2025' },
          ],
        }),
      ),
    );
    const { results } = await createSearchClient({ providers: [provider()] }).search({
      query: 'old news',
      mode: 'news',
    });
    expect(results.map((r) => r.url)).toEqual(['https://example.com/old', 'https://example.com/dated']);
    expect(results[0]!.publishedAt).toBeUndefined();
    expect(results[1]!.publishedAt).toMatch(/^2025-02-1[345]T/);
  });

  it('reads the outlet from a source object ({name}) too, and leaves vague ages ("2 months ago") undated', async () => {
    server.use(
      endpoint(() =>
        HttpResponse.json({
          search_metadata: { status: 'Success', processed_at: '2026-11-24 09:00:00 UTC' },
          news_results: [
            {
              title: 'A story',
              link: 'https://example.com/story',
              source: { name: 'Example Times', icon: 'https://example.com/i.png' },
              date: '2 months ago',
            },
          ],
        }),
      ),
    );
    const { results } = await provider().search(request({ mode: 'news' }), {
      signal: AbortSignal.timeout(5_000),
    });
    expect(results).toEqual([
      expect.objectContaining({
        source: 'Example Times',
        publishedAt: '2 months ago',
        url: 'https://example.com/story',
      }),
    ]);
    const response = await createSearchClient({ providers: [provider()] }).search({
      query: 'q',
      mode: 'news',
    });
    expect(response.results[0]!.publishedAt).toBeUndefined();
  });

  it('treats "Success" without the list as no results, and an error without one as a provider error', async () => {
    server.use(endpoint(() => HttpResponse.json(empty)));
    await expect(provider().search(request(), { signal: AbortSignal.timeout(5_000) })).resolves.toEqual({
      results: [],
    });
    // A News search Google answered with web results only: nothing of the kind asked for.
    server.use(endpoint(() => HttpResponse.json(web)));
    await expect(
      provider().search(request({ mode: 'news' }), { signal: AbortSignal.timeout(5_000) }),
    ).resolves.toEqual({ results: [] });
    server.use(
      endpoint(() =>
        HttpResponse.json({
          search_metadata: { status: 'Processing' },
          error: 'Search is still processing.',
        }),
      ),
    );
    expect(await failure()).toMatchObject({
      code: 'provider_error',
      message: 'SerpApi failed: Search is still processing.',
    });
  });
});

describe('serpapi errors', () => {
  it('quotes "Invalid API key" on 401, and tells running out of searches (quota) from the hourly limit (rate limited)', async () => {
    server.use(endpoint(answer));
    const invalid = await failure(request(), () => createSerpApiProvider({ apiKey: 'wrong-key-0000' }));
    expect(invalid).toMatchObject({ code: 'unauthorized', retryable: false, status: 401 });
    expect(invalid.message).toBe(
      'SerpApi rejected the API key (HTTP 401): Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key',
    );
    server.use(
      endpoint(() =>
        HttpResponse.json(errorBody(429, 'Your account has run out of searches.'), { status: 429 }),
      ),
    );
    const out = await failure();
    expect(out).toMatchObject({ code: 'quota_exceeded', status: 429 });
    expect(out.message).toBe('SerpApi usage limit reached (HTTP 429): Your account has run out of searches.');
    server.use(
      endpoint(() =>
        HttpResponse.json(
          errorBody(
            429,
            'The number of requests sent using this API key exceeds the hourly throughput limit.',
          ),
          { status: 429, headers: { 'Retry-After': '30' } },
        ),
      ),
    );
    expect(await failure()).toMatchObject({ code: 'rate_limited', retryable: true, retryAfterMs: 30_000 });
  });

  // SerpApi takes the key in the URL: anything that echoes the URL echoes the key.
  const echoes: [string, (url: string) => Response][] = [
    [
      'a 401 quoting the URL',
      (url) => HttpResponse.json(errorBody(401, `Invalid API key for ${url}`), { status: 401 }),
    ],
    [
      'a 429 quoting the URL',
      (url) => HttpResponse.json(errorBody(429, `Too Many Requests for url: ${url}`), { status: 429 }),
    ],
    [
      'a 500 from a proxy in plain text',
      (url) => new HttpResponse(`upstream failed: GET ${url}`, { status: 500 }),
    ],
    ['a 200 whose error quotes the URL', (url) => HttpResponse.json({ error: `Could not process ${url}` })],
    ['a 200 that is not JSON', (url) => new HttpResponse(`<html>${url}</html>`, { status: 200 })],
  ];
  for (const [name, echo] of echoes) {
    it(`keeps the key out of the error when ${name}, raw and URL-encoded`, async () => {
      const key = 'a1b2/c3+d4=e5 f6&g7'; // characters the URL encodes, so both forms are tested
      let seen = '';
      server.use(
        endpoint(({ request: upstream }) => {
          seen = upstream.url;
          return echo(upstream.url);
        }),
      );
      const error = await failure(request(), () => createSerpApiProvider({ apiKey: key }));
      expect(isSearchError(error)).toBe(true);
      expect(new URL(seen).searchParams.get('api_key')).toBe(key);
      for (const text of textsOf(error)) {
        expect(text).not.toContain(key);
        expect(text).not.toContain(encodeURIComponent(key));
        expect(text).not.toContain(new URLSearchParams({ k: key }).toString().slice(2));
      }
    });
  }

  it('keeps the key out of a network failure whose message names the URL (node-fetch style), and still calls it unavailable', async () => {
    const failing: typeof fetch = async (input) => {
      const cause = Object.assign(new Error(`connect ECONNREFUSED for ${String(input)}`), {
        code: 'ECONNREFUSED',
      });
      throw Object.assign(new TypeError(`request to ${String(input)} failed, reason: refused`), { cause });
    };
    const error = await failure(request(), () => createSerpApiProvider({ apiKey: KEY, fetch: failing }));
    expect(error).toMatchObject({
      code: 'unavailable',
      message: 'SerpApi could not be reached (network error: ECONNREFUSED)',
    });
    const texts = textsOf(error);
    // The failure is still there to read, without the key.
    expect(texts.join('\n')).toContain('request to https://serpapi.com/search?engine=google');
    for (const text of texts) expect(text).not.toContain(KEY);
  });

  it('rejects a baseURL that is not an http(s) URL without echoing it', () => {
    expect(() => createSerpApiProvider({ apiKey: KEY, baseURL: 'ftp://user:pw@host' })).toThrow(
      /http\(s\) URL/,
    );
    expect(() => createSerpApiProvider({ apiKey: KEY, baseURL: 'ftp://user:pw@host' })).not.toThrow(
      /pw@host/,
    );
  });
});

describe('serpapi definition', () => {
  it('describes the provider without importing it', () => {
    expect(providerDefinition).toMatchObject({
      id: 'serpapi',
      name: 'SerpApi',
      apiKeyEnv: 'SERPAPI_API_KEY',
      baseUrlEnv: 'SERPAPI_BASE_URL',
    });
  });
});

describeHttpStatusContract('serpapi', { kit, server });
