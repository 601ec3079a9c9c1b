import { createSearchClient, isSearchError, type SearchRequest } from '@agent-search/core';
import { searchRequest, useMswServer } from '@agent-search/testing';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createDuckDuckGoProvider, fromEnv, providerDefinition } from '../src/index.ts';
import {
  djs,
  everyEndpoint,
  fixture,
  hangHandlers,
  htmlEndpoint,
  newsJs,
  recordRequests,
  resultHandlers,
  status,
  URLS,
  videosJs,
  vqdPage,
} from './handlers.ts';

const server = useMswServer();

const requests = recordRequests(server);

const request = (overrides: Partial<SearchRequest> = {}) =>
  searchRequest({ query: 'rust ownership', ...overrides });

const search = (provider: ReturnType<typeof createDuckDuckGoProvider>, overrides?: Partial<SearchRequest>) =>
  provider.search(request(overrides), { signal: AbortSignal.timeout(5_000) });

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the search to fail');
    },
    (error: unknown) => error,
  );

const hosts = () => requests.map((r) => new URL(r.url).host + new URL(r.url).pathname);
const htmlForm = async () => new URLSearchParams(await requests.find((r) => r.url === URLS.html)!.text());
const djsParams = () => new URL(requests.find((r) => r.url.startsWith(URLS.djs))!.url).searchParams;

describe('text backends', () => {
  it('asks the HTML endpoint first and does not touch d.js when it answers', async () => {
    server.use(...resultHandlers());
    const { results } = await search(createDuckDuckGoProvider());
    expect(hosts()).toEqual(['html.duckduckgo.com/html/']);
    expect(results.map((r) => r.url)).toEqual([
      'https://doc.rust-lang.org/book/ch04-01-what-is-ownership.html',
      'https://www.reddit.com/r/rust/comments/1abc2de/ownership_explained/?utm_source=ddg&ref=search',
      'https://doc.rust-lang.org/rust-by-example/scope/move.html',
      'https://blog.example.dev/rust-ownership-deep-dive',
    ]);
  });

  it('falls back to d.js when the HTML endpoint serves its bot challenge', async () => {
    server.use(htmlEndpoint('html-anomaly.html', 202), vqdPage(), djs());
    const { results } = await search(createDuckDuckGoProvider());
    expect(hosts()).toEqual(['html.duckduckgo.com/html/', 'duckduckgo.com/', 'links.duckduckgo.com/d.js']);
    expect(results).toHaveLength(4);
    expect(results[0]).toMatchObject({
      title: 'What is <b>Ownership</b>? - The <b>Rust</b> Programming Language',
      url: 'https://doc.rust-lang.org/book/ch04-01-what-is-ownership.html',
      source: 'doc.rust-lang.org',
    });
    // The raw description: markup and entities are left for core to clean.
    expect(results[0]!.snippet).toContain('computer&#x27;s memory');
  });

  it('falls back to the HTML endpoint when d.js answers with the anomaly block', async () => {
    server.use(vqdPage(), djs('d.js-anomaly.js'), htmlEndpoint());
    const { results } = await search(createDuckDuckGoProvider({ textBackends: ['djs', 'html'] }));
    expect(hosts()).toEqual(['duckduckgo.com/', 'links.duckduckgo.com/d.js', 'html.duckduckgo.com/html/']);
    expect(results).toHaveLength(4);
  });

  it('reports blocked when both backends are blocked, naming the fallback', async () => {
    server.use(htmlEndpoint('html-anomaly.html', 202), vqdPage(), djs('d.js-anomaly.js'));
    const error = await failure(search(createDuckDuckGoProvider()));
    expect(isSearchError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'blocked', provider: 'duckduckgo', status: 202 });
    expect((error as Error).message).toMatch(/fallback d\.js: blocked/);
  });

  it('reports the first backend error when every backend fails', async () => {
    server.use(...status(429, { 'retry-after': '7' }));
    const error = await failure(search(createDuckDuckGoProvider()));
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 7_000, status: 429 });
  });

  it('uses only the configured backend', async () => {
    server.use(...resultHandlers());
    await search(createDuckDuckGoProvider({ textBackends: ['djs'] }));
    expect(hosts()).toEqual(['duckduckgo.com/', 'links.duckduckgo.com/d.js']);
  });

  it('rejects unusable options with a clear error', () => {
    expect(() => createDuckDuckGoProvider({ textBackends: [] })).toThrow(/textBackends/);
    // @ts-expect-error: not a backend
    expect(() => createDuckDuckGoProvider({ textBackends: ['lite'] })).toThrow(/"lite"/);
    // @ts-expect-error: not a backend either, though it is a property of every object
    expect(() => createDuckDuckGoProvider({ textBackends: ['toString'] })).toThrow(/"toString"/);
    expect(() => createDuckDuckGoProvider({ baseURL: 'not a url' })).toThrow(/baseURL/);
    expect(() => createDuckDuckGoProvider({ baseURL: 'ftp://user:secret@host/' })).toThrow(
      /^DuckDuckGo baseURL must be an http\(s\) URL$/,
    );
    expect(() => createDuckDuckGoProvider({ htmlBaseURL: 'not a url' })).toThrow(/htmlBaseURL/);
    expect(() => createDuckDuckGoProvider({ maxConcurrentSearches: 0 })).toThrow(/maxConcurrentSearches/);
    expect(() => createDuckDuckGoProvider({ maxConcurrentSearches: 1.5 })).toThrow(/maxConcurrentSearches/);
    // The needle options went with duck-duck-scrape; a JavaScript caller is told what replaced them.
    const needleOptions = { needleOptions: { proxy: 'http://proxy:3128' } };
    expect(() => createDuckDuckGoProvider(needleOptions as object)).toThrow(/needleOptions.*`fetch`/);
  });
});

describe('baseURL and fetch', () => {
  const PROXY = 'http://search-proxy.internal:8080/ddg/html/';

  it('posts the HTML form to baseURL, and to htmlBaseURL, its deprecated name; baseURL wins', async () => {
    server.use(
      http.post(PROXY, () => HttpResponse.html(fixture('html-results.html'))),
      http.post('http://old-name.internal/html/', () => HttpResponse.html(fixture('html-results.html'))),
    );
    await search(createDuckDuckGoProvider({ baseURL: PROXY }));
    await search(createDuckDuckGoProvider({ htmlBaseURL: 'http://old-name.internal/html/' }));
    await search(createDuckDuckGoProvider({ baseURL: PROXY, htmlBaseURL: 'http://old-name.internal/html/' }));
    expect(hosts()).toEqual([
      'search-proxy.internal:8080/ddg/html/',
      'old-name.internal/html/',
      'search-proxy.internal:8080/ddg/html/',
    ]);
  });

  it("leaves the token page and d.js on DuckDuckGo's hosts", async () => {
    server.use(...resultHandlers());
    await search(createDuckDuckGoProvider({ baseURL: PROXY, textBackends: ['djs'] }));
    expect(hosts()).toEqual(['duckduckgo.com/', 'links.duckduckgo.com/d.js']);
  });

  it.each([
    ['text', ['html'], ['html.duckduckgo.com/html/']],
    ['text', ['djs'], ['duckduckgo.com/', 'links.duckduckgo.com/d.js']],
    ['news', ['html'], ['duckduckgo.com/', 'duckduckgo.com/news.js']],
    ['videos', ['html'], ['duckduckgo.com/', 'duckduckgo.com/v.js']],
  ] as const)(
    "sends every %s request (%s) through the caller's fetch",
    async (mode, textBackends, expected) => {
      server.use(...resultHandlers());
      const through: string[] = [];
      const callerFetch: typeof fetch = (input, init) => {
        through.push(String(input));
        return fetch(input, init);
      };
      const { results } = await search(createDuckDuckGoProvider({ fetch: callerFetch, textBackends }), {
        mode,
      });
      expect(results.length).toBeGreaterThan(0);
      expect(through.map((url) => new URL(url).host + new URL(url).pathname)).toEqual(expected);
      expect(hosts()).toEqual(expected);
    },
  );
});

describe('what reaches DuckDuckGo', () => {
  it('turns domain filters into site: and -site: terms', async () => {
    server.use(...resultHandlers());
    await search(createDuckDuckGoProvider(), {
      includeDomains: ['doc.rust-lang.org', 'reddit.com'],
      excludeDomains: ['pinterest.com'],
    });
    expect((await htmlForm()).get('q')).toBe(
      'rust ownership (site:doc.rust-lang.org OR site:reddit.com) -site:pinterest.com',
    );
  });

  it('sends the time range, region and safe search to the HTML endpoint', async () => {
    server.use(...resultHandlers());
    await search(createDuckDuckGoProvider(), { timeRange: 'w', region: 'de-de', safeSearch: 'strict' });
    const form = await htmlForm();
    expect(Object.fromEntries(form)).toEqual({ q: 'rust ownership', b: '', kl: 'de-de', df: 'w', kp: '1' });
  });

  it.each([
    ['strict', '1'],
    ['moderate', '-1'],
    ['off', '-2'],
  ] as const)('maps safe search %s to kp=%s on the HTML endpoint', async (safeSearch, kp) => {
    server.use(...resultHandlers());
    await search(createDuckDuckGoProvider(), { safeSearch });
    const form = await htmlForm();
    expect(form.get('kp')).toBe(kp);
    expect(form.has('df')).toBe(false);
    expect(form.get('kl')).toBe('wt-wt');
  });

  it('sends the time range, region and site: terms to d.js', async () => {
    server.use(...resultHandlers());
    await search(createDuckDuckGoProvider({ textBackends: ['djs'] }), {
      timeRange: 'd',
      region: 'fr-fr',
      includeDomains: ['lemonde.fr'],
    });
    const params = djsParams();
    expect(params.get('q')).toBe('rust ownership site:lemonde.fr');
    expect(params.get('df')).toBe('d');
    expect(params.get('kl')).toBe('fr-fr');
    expect(params.get('vqd')).toBe('4-171904623375120688813593926408411622451');
  });

  it.each([
    ['strict', { p: '1', ex: null }],
    ['moderate', { p: null, ex: '-1' }],
    ['off', { p: null, ex: '-2' }],
  ] as const)('maps safe search %s onto d.js', async (safeSearch, expected) => {
    server.use(...resultHandlers());
    await search(createDuckDuckGoProvider({ textBackends: ['djs'] }), { safeSearch });
    const params = djsParams();
    expect({ p: params.get('p'), ex: params.get('ex') }).toEqual(expected);
  });

  it('sends the time range and safe search to news.js and v.js', async () => {
    server.use(...resultHandlers());
    const provider = createDuckDuckGoProvider();
    await search(provider, { mode: 'news', timeRange: 'd', safeSearch: 'strict', region: 'uk-en' });
    await search(provider, { mode: 'videos', timeRange: 'm', safeSearch: 'off' });
    const news = new URL(requests.find((r) => r.url.startsWith(URLS.news))!.url).searchParams;
    expect({ df: news.get('df'), p: news.get('p'), l: news.get('l') }).toEqual({
      df: 'd',
      p: '1',
      l: 'uk-en',
    });
    const videos = new URL(requests.find((r) => r.url.startsWith(URLS.videos))!.url).searchParams;
    expect({ f: videos.get('f'), p: videos.get('p') }).toEqual({ f: 'publishedAfter:m,,,', p: '-2' });
  });

  it('sends a browser User-Agent, or the configured one', async () => {
    server.use(...resultHandlers());
    await search(createDuckDuckGoProvider({ userAgent: 'TestAgent/1.0' }));
    await search(createDuckDuckGoProvider({ textBackends: ['djs'], userAgent: 'TestAgent/1.0' }));
    expect(requests.map((r) => r.headers.get('user-agent'))).toEqual([
      'TestAgent/1.0',
      'TestAgent/1.0',
      'TestAgent/1.0',
    ]);
  });
});

describe('searches at once', () => {
  it('sends at most maxConcurrentSearches searches at a time and answers the others after them', async () => {
    let inFlight = 0;
    let most = 0;
    server.use(
      http.post(URLS.html, async () => {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 30));
        inFlight--;
        return new HttpResponse(fixture('html-results.html'), { headers: { 'content-type': 'text/html' } });
      }),
    );
    const provider = createDuckDuckGoProvider({ maxConcurrentSearches: 2 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => search(provider)));
    expect(answers.map((a) => a.results.length)).toEqual([4, 4, 4, 4, 4]);
    expect(most).toBe(2);
    expect(requests.filter((r) => r.url === URLS.html)).toHaveLength(5);
  });
});

describe('HTML endpoint results', () => {
  it('unwraps redirect links, skips ads and reads the result date', async () => {
    server.use(htmlEndpoint());
    const { results } = await search(createDuckDuckGoProvider());
    expect(results.some((r) => String(r.url).includes('duckduckgo.com'))).toBe(false);
    expect(results.some((r) => String(r.title).includes('Learn Rust in 30 Days'))).toBe(false);
    expect(results[1]).toMatchObject({
      url: 'https://www.reddit.com/r/rust/comments/1abc2de/ownership_explained/?utm_source=ddg&ref=search',
      publishedAt: '2024-03-11T00:00:00.0000000Z',
    });
  });

  it('comes out clean through the client', async () => {
    server.use(htmlEndpoint());
    const client = createSearchClient({ providers: [createDuckDuckGoProvider()] });
    const response = await client.search({ query: 'rust ownership', maxResults: 10 });
    expect(response.results[0]).toEqual({
      title: 'What is Ownership? - The Rust Programming Language',
      url: 'https://doc.rust-lang.org/book/ch04-01-what-is-ownership.html',
      snippet:
        "Ownership is a set of rules that govern how a Rust program manages memory. All programs have to manage the way they use a computer's memory while running.",
      source: 'doc.rust-lang.org',
      provider: 'duckduckgo',
    });
    expect(response.results[1]!.publishedAt).toBe('2024-03-11T00:00:00.000Z');
    expect(response.results[3]!.title).toBe('Rust ownership & borrowing, a deep dive');
  });

  it('treats the "No results." page as an empty list', async () => {
    server.use(htmlEndpoint('html-no-results.html'));
    expect(await search(createDuckDuckGoProvider())).toEqual({ results: [] });
    expect(hosts()).toEqual(['html.duckduckgo.com/html/']);
  });
});

describe('news and videos', () => {
  it('maps news, with unix dates becoming ISO through the client', async () => {
    server.use(vqdPage(), newsJs());
    const client = createSearchClient({ providers: [createDuckDuckGoProvider()] });
    const response = await client.search({ query: 'rust release', mode: 'news', maxResults: 10 });
    expect(response.results).toHaveLength(4);
    expect(response.results[0]).toEqual({
      title: 'Rust 1.92 lands with async closures',
      url: 'https://www.theregister.com/2025/12/30/rust_192/',
      snippet:
        'The Rust team has published a new stable release, bringing async closures & faster builds to every crate.',
      source: 'theregister.com',
      publishedAt: '2025-12-30T14:00:00.000Z',
      provider: 'duckduckgo',
    });
    expect(response.results[1]!.title).toBe("What's new in the latest Rust release");
  });

  it('maps every video field', async () => {
    server.use(vqdPage(), videosJs());
    const client = createSearchClient({ providers: [createDuckDuckGoProvider()] });
    const response = await client.search({ query: 'rust ownership', mode: 'videos', maxResults: 10 });
    expect(response.results).toHaveLength(3);
    expect(response.results[0]).toEqual({
      title: 'Rust Ownership & Borrowing Explained',
      url: 'https://www.youtube.com/watch?v=VFIOSWy93H0',
      snippet: 'Understanding ownership in Rust: moves, borrows and lifetimes, with live coding examples.',
      source: 'youtube.com',
      publishedAt: '2023-02-14T16:00:12.000Z',
      provider: 'duckduckgo',
      duration: '25:31',
      publisher: "Let's Get Rusty",
      thumbnail: 'https://tse1.mm.bing.net/th?id=OVP.aBcDeFgHiJkLmNoPqRsTuVwXyZ&pid=Api',
      viewCount: 284133,
    });
    // No uploader: the platform; no large image: the medium one; no view count: none.
    expect(response.results[1]!.publisher).toBe('YouTube');
    expect(response.results[2]).toMatchObject({
      publisher: 'RustConf',
      thumbnail: 'https://i.vimeocdn.com/video/1650000000-abc_640',
    });
    expect(response.results[2]).not.toHaveProperty('viewCount');
  });

  it.each([
    ['news', URLS.news],
    ['videos', URLS.videos],
  ] as const)('maps a 403 from %s to blocked', async (mode, url) => {
    server.use(
      vqdPage(),
      http.get(url, () => new HttpResponse('Forbidden', { status: 403 })),
    );
    expect(await failure(search(createDuckDuckGoProvider(), { mode }))).toMatchObject({
      code: 'blocked',
      provider: 'duckduckgo',
    });
  });

  it.each(['news', 'videos'] as const)('maps an unreadable %s payload to provider_error', async (mode) => {
    server.use(
      vqdPage(),
      ...everyEndpoint(() => new HttpResponse('<html>Service temporarily down</html>', { status: 200 })),
    );
    const error = await failure(search(createDuckDuckGoProvider(), { mode }));
    expect(error).toMatchObject({ code: 'provider_error', provider: 'duckduckgo' });
    expect((error as Error).message).not.toMatch(/Cannot read|Unexpected token/);
  });

  it.each(['news', 'videos'] as const)('maps a missing vqd token on %s to blocked', async (mode) => {
    server.use(...everyEndpoint(() => new HttpResponse(fixture('html-anomaly.html'), { status: 202 })));
    expect(await failure(search(createDuckDuckGoProvider(), { mode }))).toMatchObject({ code: 'blocked' });
  });
});

describe('aborts', () => {
  it.each([
    ['html', ['html']],
    ['djs', ['djs']],
  ] as const)('%s: rejects promptly with the signal reason, and does not fail over', async (_, backends) => {
    server.use(...hangHandlers());
    const controller = new AbortController();
    const reason = new Error('caller gave up');
    const pending = createDuckDuckGoProvider({ textBackends: [...backends, 'html', 'djs'] }).search(
      request(),
      {
        signal: controller.signal,
      },
    );
    setTimeout(() => controller.abort(reason), 30);
    await expect(pending).rejects.toBe(reason);
    expect(requests.length).toBeLessThanOrEqual(2);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const reason = new Error('already gone');
    await expect(
      createDuckDuckGoProvider().search(request(), { signal: AbortSignal.abort(reason) }),
    ).rejects.toBe(reason);
    expect(requests).toHaveLength(0);
  });
});

describe('providerDefinition', () => {
  it('describes the provider and builds it from the environment', async () => {
    expect(providerDefinition).toMatchObject({
      id: 'duckduckgo',
      name: 'DuckDuckGo',
      baseUrlEnv: 'DUCKDUCKGO_HTML_URL',
      capabilities: { domainFilter: 'site-operator', requiresApiKey: false },
    });
    expect(providerDefinition.apiKeyEnv).toBeUndefined();
    const provider = fromEnv({});
    expect(provider).toMatchObject({ id: 'duckduckgo', name: 'DuckDuckGo', configured: true });
  });

  it('posts to DUCKDUCKGO_HTML_URL when set', async () => {
    server.use(
      http.post('http://search-proxy.internal:8080/ddg/html/', () =>
        HttpResponse.html(fixture('html-results.html')),
      ),
    );
    const provider = fromEnv({
      DUCKDUCKGO_HTML_URL: 'http://search-proxy.internal:8080/ddg/html/',
    });
    const { results } = await provider.search(request(), { signal: AbortSignal.timeout(5_000) });
    expect(results).toHaveLength(4);
    expect(hosts()).toEqual(['search-proxy.internal:8080/ddg/html/']);
  });
});
