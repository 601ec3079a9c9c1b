import { createSearchClient, type SearchMode } from '@agent-search/core';
import {
  answerWithResults,
  describeHttpStatusContract,
  describeProviderConformance,
  hang,
  jsonApiCalls,
  jsonApiFaults,
  useMswServer,
} from '@agent-search/testing';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import errors from './__fixtures__/errors.json' with { type: 'json' };
import empty from './__fixtures__/search-empty.json' with { type: 'json' };
import general from './__fixtures__/search-general.json' with { type: 'json' };
import news from './__fixtures__/search-news.json' with { type: 'json' };
import rawContent from './__fixtures__/search-raw-content.json' with { type: 'json' };
import { createTavilyProvider, fromEnv } from './index.ts';
import { kit } from './testing.ts';

const API = 'https://api.tavily.com/search';
const KEY = kit.apiKey!;

const server = useMswServer();

/** Answers like Tavily: the fixture for the requested topic, cut to `max_results`. */
const resultHandlers = (mode: SearchMode) => [
  answerWithResults(API, mode === 'news' ? news : general, 'max_results'),
];

const { request, failure, capture, fail, endpoint } = jsonApiCalls(server, {
  url: API,
  query: 'rust async runtime comparison',
  answer: general,
  errors,
});

describeProviderConformance('tavily', {
  kit,
  server,
  resultHandlers,
  endpoint,
  emptyAnswer: empty,
  faults: [
    ...jsonApiFaults({
      route: endpoint,
      errorBody: (_status, message) => ({ detail: { error: message } }),
      wrongShape: { query: 'q', results: null },
    }),
    {
      name: 'HTTP 403',
      handlers: [
        http.post(API, () => HttpResponse.json({ detail: { error: 'Forbidden' } }, { status: 403 })),
      ],
      code: 'unauthorized',
    },
    { name: 'HTTP 400', handlers: fail('400'), code: 'invalid_request' },
    { name: 'HTTP 432 (plan limit)', handlers: fail('432'), code: 'quota_exceeded' },
    { name: 'HTTP 433 (pay-as-you-go limit)', handlers: fail('433'), code: 'quota_exceeded' },
  ],
  expectFiltersSent: async (requests) => {
    const body = (await requests.at(-1)!.json()) as Record<string, unknown>;
    expect(body.time_range).toBe('day');
    expect(body.include_domains).toEqual(['example.com']);
  },
});

describe('tavily request', () => {
  it('sends the key as a Bearer token and asks only for what the model reads', async () => {
    const { headers, body } = await capture(createTavilyProvider({ apiKey: KEY }), request());
    expect(headers.get('authorization')).toBe(`Bearer ${KEY}`);
    expect(headers.get('content-type')).toBe('application/json');
    expect(body).toEqual({
      query: 'rust async runtime comparison',
      topic: 'general',
      search_depth: 'basic',
      max_results: 5,
      include_answer: false,
      include_raw_content: false,
      include_images: false,
    });
  });

  it('maps news mode, time range and domain filters onto topic, time_range and *_domains', async () => {
    const { body } = await capture(
      createTavilyProvider({ apiKey: KEY, searchDepth: 'advanced' }),
      request({
        mode: 'news',
        maxResults: 8,
        timeRange: 'w',
        includeDomains: ['reuters.com', 'ft.com'],
        excludeDomains: ['example.org'],
      }),
    );
    expect(body).toMatchObject({
      topic: 'news',
      max_results: 8,
      time_range: 'week',
      search_depth: 'advanced',
      include_domains: ['reuters.com', 'ft.com'],
      exclude_domains: ['example.org'],
    });
  });

  it.each([
    ['d', 'day'],
    ['m', 'month'],
    ['y', 'year'],
  ] as const)('maps time range %s to %s', async (timeRange, expected) => {
    const { body } = await capture(createTavilyProvider({ apiKey: KEY }), request({ timeRange }));
    expect(body.time_range).toBe(expected);
  });
});

describe('tavily response', () => {
  it('maps content to snippet and news published_date to an ISO publishedAt', async () => {
    server.use(...resultHandlers('news'));
    const client = createSearchClient({ providers: [createTavilyProvider({ apiKey: KEY })] });
    const response = await client.search({ query: 'ecb rates', mode: 'news', maxResults: 10 });
    expect(response.results[0]).toMatchObject({
      title: 'ECB holds rates steady as inflation hovers near target',
      url: 'https://www.reuters.com/markets/europe/ecb-holds-rates-steady-2025-10-30/',
      snippet: expect.stringContaining('deposit rate at 2%'),
      source: 'reuters.com',
      publishedAt: '2025-10-30T13:45:00.000Z',
      provider: 'tavily',
    });
  });

  it('asks for page text only when the request wants it, and hands raw_content on as content', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(API, async ({ request: r }) => {
        const body = (await r.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json(body.include_raw_content ? rawContent : general);
      }),
    );
    const client = createSearchClient({ providers: [createTavilyProvider({ apiKey: KEY })] });
    const response = await client.search({ query: 'tokio runtime shutdown', includeContent: true });
    expect(bodies[0]!.include_raw_content).toBe('text');
    expect(response.results[0]!.content).toMatch(
      /^Runtime in tokio::runtime - Rust Struct Runtime The Tokio/,
    );
    expect(response.results[0]!.content).toContain(
      'spawn_blocking tasks, can get left behind if the timeout expires.',
    );
    expect(response.results[0]!.snippet).toMatch(/^The Tokio runtime\./);
    expect(response.results[1]).not.toHaveProperty('content'); // raw_content: null

    const plain = await client.search({ query: 'tokio runtime shutdown' });
    expect(bodies[1]!.include_raw_content).toBe(false);
    expect(plain.results.every((r) => r.content === undefined)).toBe(true);
  });

  it('decodes entities through core and leaves publishedAt unset for web results', async () => {
    server.use(...resultHandlers('text'));
    const client = createSearchClient({ providers: [createTavilyProvider({ apiKey: KEY })] });
    const response = await client.search({ query: 'rust async', maxResults: 10 });
    expect(response.results).toHaveLength(6);
    expect(response.results[0]?.snippet).toContain('networking applications & gives');
    expect(response.results.every((r) => r.publishedAt === undefined)).toBe(true);
  });
});

describe('tavily errors', () => {
  it('reports Retry-After on 429, in seconds or as an HTTP date', async () => {
    const provider = createTavilyProvider({ apiKey: KEY });
    server.use(...fail('429', { 'Retry-After': '12' }));
    await expect(provider.search(request(), { signal: AbortSignal.timeout(5_000) })).rejects.toMatchObject({
      code: 'rate_limited',
      status: 429,
      retryable: true,
      retryAfterMs: 12_000,
    });
    server.use(...fail('429', { 'Retry-After': new Date(Date.now() + 60_000).toUTCString() }));
    const error = await failure(provider);
    expect(error.retryAfterMs).toBeGreaterThan(50_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it("quotes Tavily's reason in the message", async () => {
    server.use(...fail('432'));
    const error = await failure(createTavilyProvider({ apiKey: KEY }));
    expect(error).toMatchObject({ code: 'quota_exceeded', status: 432, retryable: false });
    expect(error.message).toBe(
      "Tavily usage limit reached (HTTP 432): This request exceeds your plan's set usage limit. Please upgrade your plan.",
    );
  });

  it('rejects with the abort reason when the caller aborts', async () => {
    server.use(http.post(API, ({ request: r }) => hang(r)));
    const controller = new AbortController();
    const pending = createTavilyProvider({ apiKey: KEY }).search(request(), { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  describe('an API key echoed back', () => {
    // Each upstream failure echoes the Authorization header back, as some gateways do.
    const echo = (status: number) =>
      http.post(API, ({ request: r }) =>
        HttpResponse.json(
          { detail: { error: `Invalid credentials: ${r.headers.get('authorization')}` } },
          { status },
        ),
      );
    it('redacts an echoed key but keeps the rest of the reason', async () => {
      server.use(echo(401));
      const error = await failure(createTavilyProvider({ apiKey: KEY }));
      expect(error.message).toBe(
        'Tavily rejected the API key (HTTP 401): Invalid credentials: Bearer [redacted]',
      );
    });
  });
});

describe('tavily keyless mode', () => {
  it('from the environment without a key: keyless, sending the keyless header and no Authorization', async () => {
    const provider = fromEnv({});
    expect(provider.configured).toBe(true);
    const { headers } = await capture(provider, request());
    expect(headers.get('x-tavily-access-mode')).toBe('keyless');
    expect(headers.get('authorization')).toBeNull();
  });

  it('with a key: the key, never the keyless header', async () => {
    const { headers } = await capture(fromEnv({ TAVILY_API_KEY: KEY }), request());
    expect(headers.get('authorization')).toBe(`Bearer ${KEY}`);
    expect(headers.get('x-tavily-access-mode')).toBeNull();
  });

  it.each(['0', 'false', 'off'])(
    'TAVILY_KEYLESS=%s turns it off: not configured, nothing sent',
    async (off) => {
      const provider = fromEnv({ TAVILY_KEYLESS: off });
      expect(provider.configured).toBe(false);
      const error = await failure(provider);
      expect(error).toMatchObject({ code: 'unauthorized' });
    },
  );

  it('rejects a TAVILY_KEYLESS that is not a boolean', () => {
    expect(() => fromEnv({ TAVILY_KEYLESS: 'maybe' })).toThrow(/TAVILY_KEYLESS: expected true or false/);
  });

  it('a limit envelope nested 100,000 deep is refused before it is parsed: a plain 429, nothing parsed', async () => {
    const deep = `{"error":{"code":"per_minute","nested":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
    server.use(
      http.post(
        API,
        () => new HttpResponse(deep, { status: 429, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const error = await failure(fromEnv({}));
      expect(error).toMatchObject({ code: 'rate_limited', status: 429 });
      // Counted, not timed: no parse of the nested body was even started.
      expect(parse.mock.calls.filter(([text]) => String(text).includes('[[[['))).toEqual([]);
    } finally {
      parse.mockRestore();
    }
  });

  it('a 5xx in the limit envelope is an outage, not a limit', async () => {
    server.use(
      http.post(API, () =>
        HttpResponse.json({ error: { code: 'internal', message: 'upstream failed' } }, { status: 502 }),
      ),
    );
    const error = await failure(fromEnv({}));
    expect(error).toMatchObject({ code: 'unavailable', status: 502 });
  });

  it('redacts a key echoed in a limit envelope sent to a keyed request', async () => {
    server.use(
      http.post(API, ({ request: r }) =>
        HttpResponse.json(
          { error: { code: 'hourly_cap', message: `over the cap for ${r.headers.get('authorization')}` } },
          { status: 429, headers: { 'Retry-After': '90' } },
        ),
      ),
    );
    const error = await failure(createTavilyProvider({ apiKey: KEY }));
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 90_000 });
    expect(error.message).not.toContain(KEY);
    expect(error.message).toContain('Bearer [redacted]');
  });
});

describeHttpStatusContract('tavily', { kit, server });
