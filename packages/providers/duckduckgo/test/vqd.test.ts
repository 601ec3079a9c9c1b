import { createSearchClient, type SearchRequest } from '@agent-search/core';
import { hang, searchFailure, searchRequest, useMswServer } from '@agent-search/testing';
import { HttpResponse, type HttpResponseResolver, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createDuckDuckGoProvider, type DuckDuckGoProviderOptions } from '../src/index.ts';
import { djs, fixture, newsJs, recordRequests, URLS, videosJs, vqdPage } from './handlers.ts';

// The token step (src/vqd-page.ts): every answer of the token page is read for what it is, and the
// news.js / v.js / d.js requests carry the token it got.

const server = useMswServer();

const requests = recordRequests(server);

const FIXTURE_TOKEN = '4-171904623375120688813593926408411622451';
const HTML = { 'content-type': 'text/html; charset=UTF-8' };

/** The fixture's search page with another token in its inline script and preload URL. */
const pageWithToken = (token: string) => fixture('vqd-page.html').replaceAll(FIXTURE_TOKEN, token);
const vqdAnswer = (resolver: HttpResponseResolver) => http.get(URLS.vqd, resolver);

const tokenRequests = () => requests.filter((r) => new URL(r.url).pathname === '/');
const paramsOf = (url: string) => new URL(requests.find((r) => r.url.startsWith(url))!.url).searchParams;

const search = (overrides: Partial<SearchRequest>, options?: DuckDuckGoProviderOptions) =>
  createDuckDuckGoProvider(options).search(searchRequest({ query: 'rust ownership', ...overrides }), {
    signal: AbortSignal.timeout(5_000),
  });

const MODES = [
  ['news', URLS.news],
  ['videos', URLS.videos],
] as const;

describe('the vqd token for news and videos', () => {
  it.each(MODES)('%s: requests the token page once and sends its token on', async (mode, endpoint) => {
    // A token other than the one in the news.js / v.js fixtures, so only a hand-over can put it there.
    const token = '4-305118446093823745960102183157204481337';
    server.use(
      vqdAnswer(() => new HttpResponse(pageWithToken(token), { headers: HTML })),
      newsJs(),
      videosJs(),
    );
    const { results } = await search({ mode });
    expect(results.length).toBeGreaterThan(0);
    const [page, ...more] = tokenRequests();
    expect(more).toHaveLength(0);
    expect(page!.method).toBe('GET');
    expect(page!.url).toBe('https://duckduckgo.com/?q=rust+ownership&ia=web');
    expect(paramsOf(endpoint).get('vqd')).toBe(token);
    expect(paramsOf(endpoint).get('q')).toBe('rust ownership');
  });

  it('accepts the older three-part tokens too', async () => {
    server.use(
      vqdAnswer(() => new HttpResponse(pageWithToken('3-4051932-8130311'), { headers: HTML })),
      newsJs(),
    );
    await search({ mode: 'news' });
    expect(paramsOf(URLS.news).get('vqd')).toBe('3-4051932-8130311');
    expect(tokenRequests()).toHaveLength(1);
  });

  it("sends the token page and the endpoint's request through the provider's fetch, with browser headers", async () => {
    server.use(vqdPage(), newsJs());
    const seen: string[] = [];
    const routed: typeof fetch = (input, init) => {
      seen.push(String(input));
      const headers = new Headers(init?.headers);
      headers.set('x-route', 'egress-1');
      return fetch(input, { ...init, headers });
    };
    await search({ mode: 'news' }, { userAgent: 'TestAgent/1.0', fetch: routed });
    expect(seen.map((url) => new URL(url).pathname)).toEqual(['/', '/news.js']);
    for (const request of requests) {
      expect(request.headers.get('x-route')).toBe('egress-1');
      expect(request.headers.get('user-agent')).toBe('TestAgent/1.0');
      expect(request.headers.get('accept-language')).toBe('en-US,en;q=0.9');
    }
  });

  it('keeps concurrent searches to their own tokens', async () => {
    const tokenFor = (q: string) => `4-${[...q].reduce((n, c) => n * 31 + c.charCodeAt(0), 7) % 1e12}`;
    server.use(
      vqdAnswer(({ request }) => {
        const q = new URL(request.url).searchParams.get('q')!;
        return new HttpResponse(pageWithToken(tokenFor(q)), { headers: HTML });
      }),
      newsJs(),
    );
    const queries = ['alpha', 'beta', 'gamma', 'delta'];
    await Promise.all(queries.map((query) => search({ mode: 'news', query })));
    const sent = requests
      .filter((r) => r.url.startsWith(URLS.news))
      .map((r) => new URL(r.url).searchParams)
      .map((p) => [p.get('q'), p.get('vqd')]);
    expect(Object.fromEntries(sent)).toEqual(Object.fromEntries(queries.map((q) => [q, tokenFor(q)])));
    expect(tokenRequests()).toHaveLength(queries.length);
  });
});

describe('the token page failing', () => {
  it.each(MODES)('%s: a network error (offline) is unavailable, not blocked', async (mode, endpoint) => {
    server.use(
      vqdAnswer(() => HttpResponse.error()),
      newsJs(),
      videosJs(),
    );
    const error = await searchFailure(search({ mode }));
    expect(error).toMatchObject({ code: 'unavailable', provider: 'duckduckgo', retryable: true });
    expect(error.message).toMatch(/could not be reached/);
    expect(requests.some((r) => r.url.startsWith(endpoint))).toBe(false);
  });

  it.each(MODES)('%s: HTTP 429 is rate_limited, with Retry-After', async (mode) => {
    server.use(
      vqdAnswer(
        () =>
          new HttpResponse('<html>429</html>', { status: 429, headers: { ...HTML, 'retry-after': '30' } }),
      ),
    );
    expect(await searchFailure(search({ mode }))).toMatchObject({
      code: 'rate_limited',
      status: 429,
      retryAfterMs: 30_000,
    });
  });

  it.each(MODES)('%s: HTTP 403 is blocked', async (mode) => {
    server.use(vqdAnswer(() => new HttpResponse('<html>Forbidden</html>', { status: 403, headers: HTML })));
    expect(await searchFailure(search({ mode }))).toMatchObject({ code: 'blocked', status: 403 });
  });

  it.each(MODES)('%s: HTTP 503 is unavailable', async (mode) => {
    server.use(vqdAnswer(() => new HttpResponse('<html>503</html>', { status: 503, headers: HTML })));
    expect(await searchFailure(search({ mode }))).toMatchObject({ code: 'unavailable', status: 503 });
  });

  it.each(MODES)('%s: a 200 page without a token is blocked', async (mode) => {
    server.use(
      vqdAnswer(
        () =>
          new HttpResponse(
            '<!DOCTYPE html><html><head><title>DuckDuckGo</title></head><body></body></html>',
            {
              headers: HTML,
            },
          ),
      ),
    );
    const error = await searchFailure(search({ mode }));
    expect(error).toMatchObject({ code: 'blocked', status: 200 });
    expect(error.message).toMatch(/without a search token/);
  });

  it.each(MODES)('%s: the bot challenge served with 200 is blocked', async (mode) => {
    server.use(vqdAnswer(() => new HttpResponse(fixture('html-anomaly.html'), { headers: HTML })));
    const error = await searchFailure(search({ mode }));
    expect(error).toMatchObject({ code: 'blocked', status: 200 });
    expect(error.message).toMatch(/bot challenge/);
  });

  it('d.js: the same token step, so offline is unavailable there too', async () => {
    server.use(
      vqdAnswer(() => HttpResponse.error()),
      djs(),
    );
    expect(await searchFailure(search({ mode: 'text' }, { textBackends: ['djs'] }))).toMatchObject({
      code: 'unavailable',
    });
    expect(requests.some((r) => r.url.startsWith(URLS.djs))).toBe(false);
  });

  it("offline news through the client: unavailable, not a block's 5 minutes open", async () => {
    server.use(vqdAnswer(() => HttpResponse.error()));
    const client = createSearchClient({ providers: [createDuckDuckGoProvider()] });
    await expect(client.search({ query: 'rust release', mode: 'news' })).rejects.toMatchObject({
      code: 'unavailable',
    });
    const [health] = client.health();
    // One network failure is not a block: the breaker stays closed, the next search asks again.
    expect(health).toMatchObject({ provider: 'duckduckgo', state: 'closed', lastErrorCode: 'unavailable' });
    expect(health!.coolingUntil).toBeUndefined();
  });

  it('an abort while the token page hangs rejects with the signal reason', async () => {
    server.use(vqdAnswer(({ request }) => hang(request)));
    const controller = new AbortController();
    const reason = new Error('caller gave up');
    const pending = createDuckDuckGoProvider().search(searchRequest({ query: 'q', mode: 'news' }), {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(reason), 30);
    await expect(pending).rejects.toBe(reason);
    expect(requests.some((r) => r.url.startsWith(URLS.news))).toBe(false);
  });
});
