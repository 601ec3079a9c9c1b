import { createSearchClient, type SearchRequest } from '@agent-search/core';
import {
  describeProviderConformance,
  jsonApiFaults,
  searchFailure,
  searchRequest,
  useMswServer,
} from '@agent-search/testing';
import { HttpResponse, type HttpResponseResolver, http } from 'msw';
import { describe, expect, it } from 'vitest';
import empty from './__fixtures__/empty.json' with { type: 'json' };
import enginesFailed from './__fixtures__/engines-failed.json' with { type: 'json' };
import general from './__fixtures__/general.json' with { type: 'json' };
import news from './__fixtures__/news.json' with { type: 'json' };
import videos from './__fixtures__/videos.json' with { type: 'json' };
import { createSearxngProvider, fromEnv, providerDefinition } from './index.ts';
import { kit } from './testing.ts';

const INSTANCE = kit.baseURL!;
const API = `${INSTANCE}/search`;
const FIXTURES = { general, news, videos } as const;

const server = useMswServer();

// What SearXNG answers to format=json when settings.yml lists only html (Flask's abort(403)).
const FORBIDDEN_PAGE = `<!doctype html>
<html lang=en>
<title>403 Forbidden</title>
<h1>Forbidden</h1>
<p>You don&#39;t have the permission to access the requested resource. It is either read-protected or not readable by the server.</p>
`;

/** Answers like SearXNG: the requested category's fixture, or 403 when the request does not ask for JSON. */
const answer: HttpResponseResolver = ({ request }) => {
  const params = new URL(request.url).searchParams;
  if (params.get('format') !== 'json') return HttpResponse.html(FORBIDDEN_PAGE, { status: 403 });
  const category = params.get('categories') as keyof typeof FIXTURES;
  const fixture = FIXTURES[category];
  if (!fixture) return HttpResponse.json({ ...empty, query: params.get('q') });
  return HttpResponse.json(fixture);
};

const provider = () => createSearxngProvider({ baseURL: INSTANCE });
const request = (overrides: Partial<SearchRequest> = {}) =>
  searchRequest({ query: 'heat pump efficiency', ...overrides });
const failure = (req = request()) =>
  searchFailure(provider().search(req, { signal: AbortSignal.timeout(5_000) }));

/** Runs one search and returns the upstream request's query parameters. */
async function sent(req: SearchRequest): Promise<Record<string, string>> {
  const seen: string[] = [];
  server.use(
    http.get(API, (info) => {
      seen.push(info.request.url);
      return answer(info);
    }),
  );
  await provider().search(req, { signal: AbortSignal.timeout(5_000) });
  expect(seen).toHaveLength(1);
  return Object.fromEntries(new URL(seen[0]!).searchParams);
}

/** The search endpoint, answering with `resolver`. */
const endpoint = (resolver: HttpResponseResolver) => http.get(API, resolver);

describeProviderConformance('searxng', {
  kit,
  server,
  resultHandlers: () => [http.get(API, answer)],
  endpoint,
  emptyAnswer: empty,
  faults: [
    // SearXNG's error pages are Flask's HTML, whatever the format asked for.
    ...jsonApiFaults({
      route: endpoint,
      errorBody: (status, message) => ({ status, message }),
      wrongShape: { query: 'q', number_of_results: 0 },
    }),
    {
      name: 'HTTP 403 (JSON output disabled)',
      handlers: [http.get(API, () => HttpResponse.html(FORBIDDEN_PAGE, { status: 403 }))],
      code: 'unauthorized',
    },
    {
      name: 'no results because every engine failed',
      handlers: [http.get(API, () => HttpResponse.json(enginesFailed))],
      code: 'unavailable',
    },
  ],
  expectFiltersSent: (requests) => {
    const params = new URL(requests.at(-1)!.url).searchParams;
    expect(params.get('time_range')).toBe('day');
    expect(params.get('q')).toBe('filters query site:example.com');
  },
});

describe('searxng request', () => {
  it('asks /search for JSON in the general category, safe search moderate as 1, the region as language', async () => {
    expect(await sent(request({ region: 'de-de' }))).toEqual({
      q: 'heat pump efficiency',
      format: 'json',
      categories: 'general',
      safesearch: '1',
      pageno: '1',
      language: 'de-DE',
    });
  });

  it('maps news and videos onto categories, time ranges onto time_range, safe search off/strict onto 0/2', async () => {
    expect(await sent(request({ mode: 'news', timeRange: 'w', safeSearch: 'off' }))).toMatchObject({
      categories: 'news',
      time_range: 'week',
      safesearch: '0',
    });
    expect(
      await sent(request({ mode: 'videos', timeRange: 'y', safeSearch: 'strict', region: 'uk-en' })),
    ).toMatchObject({
      categories: 'videos',
      time_range: 'year',
      safesearch: '2',
      language: 'en-GB',
    });
    const noRegion = await sent(
      request({ timeRange: 'm', region: 'wt-wt', excludeDomains: ['pinterest.com'] }),
    );
    expect(noRegion).toMatchObject({ time_range: 'month', q: 'heat pump efficiency -site:pinterest.com' });
    expect(noRegion.language).toBeUndefined();
  });

  it('keeps the path of an instance served under a prefix', async () => {
    const seen: string[] = [];
    server.use(
      http.get('https://search.example.org/searxng/search', ({ request: r }) => {
        seen.push(new URL(r.url).pathname);
        return HttpResponse.json(general);
      }),
    );
    const configured = fromEnv({ SEARXNG_URL: 'https://search.example.org/searxng/' });
    await configured.search(request(), { signal: AbortSignal.timeout(5_000) });
    expect(seen).toEqual(['/searxng/search']);
  });
});

describe('searxng response', () => {
  it('maps results: content as snippet, publishedDate (UTC when it has no zone) as the date', async () => {
    server.use(http.get(API, answer));
    const response = await createSearchClient({ providers: [provider()] }).search({
      query: 'ecb',
      mode: 'news',
    });
    expect(response.results.map((r) => r.publishedAt)).toEqual([
      '2025-11-20T13:15:00.000Z',
      '2025-11-20T11:02:00.000Z',
      '2025-11-20T10:30:00.000Z',
    ]);
    expect(response.results[0]).toMatchObject({
      title: 'ECB holds rates steady as inflation eases',
      snippet: 'The European Central Bank kept its deposit rate at 2% on Thursday.',
      provider: 'searxng',
    });
  });

  it('maps video results: length, author, thumbnail', async () => {
    server.use(http.get(API, answer));
    const response = await createSearchClient({ providers: [provider()] }).search({
      query: 'sourdough',
      mode: 'videos',
    });
    expect(response.results[0]).toMatchObject({
      duration: '12:41',
      author: 'Bake With Jack',
      thumbnail: 'https://i.ytimg.com/vi/a1b2c3d4e5f/hqdefault.jpg',
    });
  });

  it('keeps the results when some engines failed, and names the engines when all did', async () => {
    server.use(http.get(API, answer));
    const { results } = await provider().search(request(), { signal: AbortSignal.timeout(5_000) });
    expect(results).toHaveLength(4);
    server.use(http.get(API, () => HttpResponse.json(enginesFailed)));
    const error = await failure();
    expect(error.message).toBe(
      'SearXNG found nothing because its engines failed: google (CAPTCHA), bing (timeout), duckduckgo (too many requests), brave (HTTP error), wikipedia (timeout) and 1 more',
    );
  });
});

describe('searxng errors', () => {
  it('says that JSON output is disabled on 403, and how to enable it', async () => {
    server.use(http.get(API, () => HttpResponse.html(FORBIDDEN_PAGE, { status: 403 })));
    const error = await failure();
    expect(error).toMatchObject({ code: 'unauthorized', retryable: false, status: 403 });
    expect(error.message).toMatch(
      /^The SearXNG instance at searxng\.internal:8080 refused format=json \(HTTP 403\): its JSON output is disabled/,
    );
    expect(error.message).toContain('search: formats: [html, json]');
  });

  it("reads the limiter's 429 as rate limited, with Retry-After", async () => {
    server.use(
      http.get(API, () =>
        HttpResponse.text('Too Many Requests', { status: 429, headers: { 'Retry-After': '30' } }),
      ),
    );
    expect(await failure()).toMatchObject({ code: 'rate_limited', retryAfterMs: 30_000 });
  });

  it('is configured only with SEARXNG_URL, and rejects a URL that is not http(s) without echoing it', async () => {
    const unconfigured = fromEnv({});
    expect(unconfigured.configured).toBe(false);
    const error = await searchFailure(unconfigured.search(request(), { signal: AbortSignal.timeout(5_000) }));
    expect(error.message).toMatch(/SEARXNG_URL/);
    expect(fromEnv({ SEARXNG_URL: INSTANCE }).configured).toBe(true);
    expect(() => createSearxngProvider({ baseURL: 'file:///etc/secret-path' })).toThrow(/http\(s\) URL/);
    expect(() => createSearxngProvider({ baseURL: 'file:///etc/secret-path' })).not.toThrow(/secret-path/);
  });
});

describe('searxng definition', () => {
  it('is keyless but needs SEARXNG_URL, and loads the package that builds it', async () => {
    expect(providerDefinition).toMatchObject({
      id: 'searxng',
      baseUrlEnv: 'SEARXNG_URL',
      baseUrlRequired: true,
    });
    expect(providerDefinition.apiKeyEnv).toBeUndefined();
    const module = await providerDefinition.load();
    expect(module.fromEnv({ SEARXNG_URL: INSTANCE })).toMatchObject({ id: 'searxng', configured: true });
  });
});
