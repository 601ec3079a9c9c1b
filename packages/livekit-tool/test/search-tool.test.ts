import type { SearchClient } from '@agent-search/core';
import { hang, useMswServer } from '@agent-search/testing';
import { llm, runWithJobContextAsync } from '@livekit/agents';
import { HttpResponse, http } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  createSearchInternetTool,
  DEFAULT_LOADING_MESSAGE,
  EMPTY_QUERY_ERROR,
  LOADING_STATUS_TOPIC,
  type SearchInternetToolOptions,
  searchInternetParameters,
} from '../src/index.ts';
import {
  duckDuckGoClient,
  expectInterruptAbortsUpstream,
  HTML_URL,
  hangingUpstream,
  jobWithCaller,
  recordingLogger,
  recordingParticipant,
  replayDuckDuckGo,
  runToolTurn,
  startToolTurn,
} from './harness.ts';

const server = useMswServer();

const sortedKeys = (o: object) => Object.keys(o).sort();

describe('search_internet through a voice.AgentSession', () => {
  it('text: publishes the loading status first, then returns title, href and body only', async () => {
    const upstream = replayDuckDuckGo(server);
    const turn = await runToolTurn(
      { query: 'rust ownership', mode: 'text', loading_message: 'Surfing the web waves...' },
      { client: duckDuckGoClient(), publisher: recordingParticipant(upstream.timeline) },
    );

    expect(turn.raw.isError).toBe(false);
    expect(turn.output.error).toBeUndefined();
    expect(turn.output.results).toHaveLength(5);
    for (const result of turn.output.results) expect(sortedKeys(result)).toEqual(['body', 'href', 'title']);
    expect(turn.output.results[0]).toEqual({
      title: 'rust ownership guide part 1',
      href: 'https://site1.example.org/rust-ownership/guide-1',
      body: 'Part 1 of a guide about rust ownership & friends.',
    });
    // The sponsored result on the page is not a result.
    expect(turn.raw.output).not.toContain('Heat Pumps on Sale');

    expect(upstream.timeline.map((e) => e.kind)).toEqual(['publish', 'upstream']);
    expect(upstream.timeline[0]).toEqual({
      kind: 'publish',
      message: { type: 'loading-status', text: 'Surfing the web waves...' },
      options: { reliable: true, topic: LOADING_STATUS_TOPIC },
    });
    expect(upstream.requests()[0]?.form?.get('q')).toBe('rust ownership');
  });

  it('news: returns date, title, body, url and source only', async () => {
    const upstream = replayDuckDuckGo(server);
    const turn = await runToolTurn(
      { query: 'election results', mode: 'news', loading_message: 'Checking the headlines...' },
      { client: duckDuckGoClient(), publisher: recordingParticipant(upstream.timeline) },
    );

    expect(upstream.requests().map((r) => r.endpoint)).toEqual(['vqd', 'news']);
    expect(turn.output.results).toHaveLength(5);
    for (const result of turn.output.results) {
      expect(sortedKeys(result)).toEqual(['body', 'date', 'source', 'title', 'url']);
    }
    const first = turn.output.results[0]!;
    expect(first).toMatchObject({
      title: 'election results headline 1',
      body: 'Story 1 about election results and what happened today.',
      url: 'https://news1.example.com/2026/story-1',
      source: 'news1.example.com',
    });
    // An ISO date about an hour ago (the replayed article's Unix timestamp).
    const age = Date.now() - Date.parse(String(first.date));
    expect(age).toBeGreaterThan(3_000_000);
    expect(age).toBeLessThan(4_000_000);
  });

  it('videos: returns title, description, content (the URL), publisher and duration only', async () => {
    const upstream = replayDuckDuckGo(server);
    const turn = await runToolTurn(
      { query: 'sourdough', mode: 'videos', loading_message: 'Finding videos...' },
      { client: duckDuckGoClient(), publisher: recordingParticipant(upstream.timeline) },
    );

    expect(upstream.requests().map((r) => r.endpoint)).toEqual(['vqd', 'videos']);
    expect(turn.output.results).toHaveLength(5);
    for (const result of turn.output.results) {
      expect(sortedKeys(result)).toEqual(['content', 'description', 'duration', 'publisher', 'title']);
    }
    expect(turn.output.results[0]).toEqual({
      title: 'sourdough tutorial 1',
      description: 'Video 1 explains sourdough step by step.',
      content: 'https://www.youtube.com/watch?v=vid1XyZ',
      publisher: 'Example Channel 1',
      duration: '3:00',
    });
    // Embeds, image tokens and thumbnails stay out of the model's context.
    expect(turn.raw.output).not.toMatch(/embed|image_token|bing\.net|statistics/);
  });

  it('an unknown mode searches text', async () => {
    const upstream = replayDuckDuckGo(server);
    const turn = await runToolTurn(
      { query: 'cats', mode: 'images', loading_message: 'Looking...' },
      { client: duckDuckGoClient(), publisher: false },
    );
    expect(upstream.requests().map((r) => r.endpoint)).toEqual(['html']);
    expect(sortedKeys(turn.output.results[0]!)).toEqual(['body', 'href', 'title']);
  });

  it.each([
    { max_results: undefined, expected: 5 },
    { max_results: 8, expected: 8 },
    { max_results: 50, expected: 10 },
    // 0 is a model's "no preference": the documented default, as on every surface (issue 33).
    { max_results: 0, expected: 5 },
    // Small models quote numbers; a quoted count is a count, a word is the default.
    { max_results: '8', expected: 8 },
    { max_results: 'many', expected: 5 },
  ])('max_results $max_results gives at most $expected results', async ({ max_results, expected }) => {
    replayDuckDuckGo(server, { count: 12 });
    const args: Record<string, unknown> = { query: 'space news', loading_message: 'One moment...' };
    if (max_results !== undefined) args.max_results = max_results;
    const turn = await runToolTurn(args, { client: duckDuckGoClient(), publisher: false });
    expect(turn.output.results).toHaveLength(expected);
  });

  it("the agent-server envelope takes its contract's num_results too; max_results wins when both are given", async () => {
    replayDuckDuckGo(server, { count: 12 });
    const tool = createSearchInternetTool({ client: duckDuckGoClient(), format: 'agent-server' });
    expect(Object.keys((tool.parameters as { shape: object }).shape)).toContain('num_results');
    const alone = await runToolTurn<{ count: number }>(
      { query: 'space news', num_results: 3, loading_message: 'One moment...' },
      { client: duckDuckGoClient(), publisher: false, format: 'agent-server' },
    );
    expect(alone.output.count).toBe(3);
    const both = await runToolTurn<{ count: number }>(
      { query: 'space news', max_results: 7, num_results: 2, loading_message: 'One moment...' },
      { client: duckDuckGoClient(), publisher: false, format: 'agent-server' },
    );
    expect(both.output.count).toBe(7);
  });

  it('numbers or booleans for mode and timelimit degrade to a text search at any time, never failing the call', async () => {
    const upstream = replayDuckDuckGo(server);
    const turn = await runToolTurn(
      { query: 'cats', mode: 3, timelimit: 7, max_results: true, loading_message: 'Looking...' },
      { client: duckDuckGoClient(), publisher: false },
    );
    expect(turn.raw.isError).toBe(false);
    expect(turn.output.error).toBeUndefined();
    expect(upstream.requests().map((r) => r.endpoint)).toEqual(['html']);
    expect(upstream.requests()[0]?.form?.get('df') ?? '').toBe('');
    expect(turn.output.results).toHaveLength(5);
  });

  it('timelimit "d" reaches DuckDuckGo as a one-day filter (text and news)', async () => {
    const upstream = replayDuckDuckGo(server);
    await runToolTurn(
      { query: 'stock market', timelimit: 'd', loading_message: 'Checking...' },
      { client: duckDuckGoClient(), publisher: false },
    );
    await runToolTurn(
      { query: 'stock market', mode: 'news', timelimit: 'd', loading_message: 'Checking...' },
      { client: duckDuckGoClient(), publisher: false },
    );
    const [html, , news] = upstream.requests();
    expect(html?.endpoint).toBe('html');
    expect(html?.form?.get('df')).toBe('d');
    expect(news?.endpoint).toBe('news');
    expect(news?.url.searchParams.get('df')).toBe('d');
  });

  it('an empty timelimit means any time', async () => {
    const upstream = replayDuckDuckGo(server);
    await runToolTurn(
      { query: 'stock market', timelimit: '', loading_message: 'Checking...' },
      { client: duckDuckGoClient(), publisher: false },
    );
    expect(upstream.requests()[0]?.form?.has('df')).toBe(false);
  });

  it.each(['', '   \t '])(
    'query %j: an error the model can read, no search, no loading status',
    async (query) => {
      const upstream = replayDuckDuckGo(server);
      const turn = await runToolTurn(
        { query, loading_message: 'Searching...' },
        { client: duckDuckGoClient(), publisher: recordingParticipant(upstream.timeline) },
      );
      expect(turn.output).toEqual({ results: [], error: EMPTY_QUERY_ERROR });
      expect(upstream.timeline).toEqual([]);
    },
  );

  it('a query over the length limit: the validation message, no search', async () => {
    const upstream = replayDuckDuckGo(server);
    const turn = await runToolTurn(
      { query: 'why '.repeat(200), loading_message: 'Searching...' },
      { client: duckDuckGoClient(), publisher: false },
    );
    expect(turn.output.results).toEqual([]);
    expect(turn.output.error).toMatch(/characters long; the limit is 512/);
    expect(upstream.requests()).toEqual([]);
  });

  it('strict-mode arguments (every field present, unset ones null) search with the defaults', async () => {
    const upstream = replayDuckDuckGo(server);
    const turn = await runToolTurn(
      { query: 'tides', mode: null, max_results: null, timelimit: null, loading_message: null },
      { client: duckDuckGoClient(), publisher: recordingParticipant(upstream.timeline) },
    );
    expect(turn.output.results).toHaveLength(5);
    expect(upstream.timeline[0]).toMatchObject({ message: { text: DEFAULT_LOADING_MESSAGE } });
  });

  it('its schema is valid in strict tool-schema mode: every field required, the optional ones nullable', () => {
    const schema = llm.toJsonSchema(searchInternetParameters, true, true) as {
      required: string[];
      additionalProperties: boolean;
      properties: Record<string, { type?: string | string[]; anyOf?: { type?: string }[] }>;
    };
    const acceptsNull = (field: string) => {
      const property = schema.properties[field];
      return Boolean(property?.type?.includes('null') || property?.anyOf?.some((a) => a.type === 'null'));
    };
    expect(schema.required.sort()).toEqual(['loading_message', 'max_results', 'mode', 'query', 'timelimit']);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.query?.type).toBe('string');
    for (const field of ['mode', 'max_results', 'timelimit', 'loading_message']) {
      expect(acceptsNull(field), field).toBe(true);
    }
  });
});

describe('failures come back as results the model can speak about', () => {
  it('rate limited', async () => {
    server.use(
      http.post(HTML_URL, () => new HttpResponse('Too Many Requests', { status: 429 })),
      http.get('https://duckduckgo.com/', () => new HttpResponse('Too Many Requests', { status: 429 })),
    );
    const turn = await runToolTurn(
      { query: 'weather berlin', loading_message: 'Checking...' },
      { client: duckDuckGoClient(), publisher: false },
    );
    expect(turn.raw).toEqual({ output: '{"results":[],"error":"rate limited"}', isError: false });
  });

  it('search timed out', async () => {
    server.use(
      http.post(HTML_URL, ({ request }) => hang(request)),
      http.get('https://duckduckgo.com/', ({ request }) => hang(request)),
    );
    const turn = await runToolTurn(
      { query: 'weather berlin', loading_message: 'Checking...' },
      { client: duckDuckGoClient({ timeoutMs: 300 }), publisher: false },
    );
    expect(turn.raw.output).toBe('{"results":[],"error":"search timed out"}');
  });

  // DuckDuckGo's throttling answers: a 202 challenge, a 403, an anomaly page served with 200.
  it.each([
    ['a 202 challenge', () => new HttpResponse('<html>challenge</html>', { status: 202 })],
    ['a 403', () => new HttpResponse('Forbidden', { status: 403 })],
    [
      'an anomaly page',
      () =>
        HttpResponse.html(
          '<html><body><div class="anomaly-modal__title">Unfortunately, bots use DuckDuckGo too.</div><form id="challenge-form" action="/anomaly.js"></form></body></html>',
        ),
    ],
  ])('%s: "rate limited", not the upstream message', async (_, answer) => {
    server.use(
      http.post(HTML_URL, answer),
      http.get('https://duckduckgo.com/', () => new HttpResponse('Forbidden', { status: 403 })),
    );
    const turn = await runToolTurn(
      { query: 'weather berlin', loading_message: 'Checking...' },
      { client: duckDuckGoClient(), publisher: false },
    );
    expect(turn.raw).toEqual({ output: '{"results":[],"error":"rate limited"}', isError: false });
  });

  // One throttling sentence on every surface and format (issue 33): the envelope used to say "the search
  // engine refused the request" where the other formats said "rate limited"; error_type keeps "blocked".
  it('the agent-server format says "rate limited" too, and blocked in error_type', async () => {
    server.use(
      http.post(HTML_URL, () => new HttpResponse('<html>challenge</html>', { status: 202 })),
      http.get('https://duckduckgo.com/', () => new HttpResponse('Forbidden', { status: 403 })),
    );
    const turn = await runToolTurn(
      { query: 'weather berlin', loading_message: 'Checking...' },
      { client: duckDuckGoClient(), publisher: false, format: 'agent-server' },
    );
    expect(turn.output).toMatchObject({ type: 'web_search_error', error_type: 'blocked' });
    expect((turn.output as unknown as { error: string }).error).toBe('rate limited');
    expect(turn.raw.output).not.toMatch(/HTTP|vqd|duckduckgo|\bat .*\.ts/i);
  });

  it('a server error upstream: search unavailable', async () => {
    server.use(
      http.post(HTML_URL, () => new HttpResponse('oops', { status: 503 })),
      http.get('https://duckduckgo.com/', () => new HttpResponse('oops', { status: 503 })),
    );
    const turn = await runToolTurn(
      { query: 'weather berlin', loading_message: 'Checking...' },
      { client: duckDuckGoClient(), publisher: false },
    );
    expect(turn.output.results).toEqual([]);
    expect(typeof turn.output.error).toBe('string');
    expect(turn.output.error).not.toMatch(/HTTP|503/);
  });
});

describe('loading status', () => {
  it('a failing publish is logged and the search still runs', async () => {
    const upstream = replayDuckDuckGo(server);
    const logger = recordingLogger();
    const turn = await runToolTurn(
      { query: 'mars rover', loading_message: 'Scanning the skies...' },
      {
        client: duckDuckGoClient(),
        setup: { logger },
        publisher: {
          publishData: () => Promise.reject(new Error('engine: data channel closed')),
        },
      },
    );
    expect(turn.output.results).toHaveLength(5);
    expect(upstream.requests()).toHaveLength(1);
    expect(logger.lines).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: expect.stringMatching(/loading status/) }),
    );
  });

  it('a publisher function that throws synchronously does not stop the search', async () => {
    replayDuckDuckGo(server);
    const logger = recordingLogger();
    const turn = await runToolTurn(
      { query: 'mars rover', loading_message: 'Scanning...' },
      {
        client: duckDuckGoClient(),
        setup: { logger },
        publisher: () => {
          throw new Error('no room');
        },
      },
    );
    expect(turn.output.results).toHaveLength(5);
    expect(logger.lines.some((l) => l.level === 'warn')).toBe(true);
  });

  it('without a publisher or a connected room, the failure is logged and the search runs', async () => {
    const upstream = replayDuckDuckGo(server);
    const logger = recordingLogger();
    const turn = await runToolTurn(
      { query: 'mars rover', loading_message: 'Scanning...' },
      { client: duckDuckGoClient(), setup: { logger } },
    );
    expect(turn.output.results).toHaveLength(5);
    expect(upstream.requests()).toHaveLength(1);
    expect(logger.lines).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: expect.stringMatching(/no connected room/) }),
    );
  });

  it('a publisher function receives the status and the run context', async () => {
    replayDuckDuckGo(server);
    const seen: { text: string; userData: unknown }[] = [];
    await runToolTurn(
      { query: 'mars rover', loading_message: 'Scanning the skies...' },
      {
        client: duckDuckGoClient(),
        publisher: (status, ctx) => {
          seen.push({ text: status.text, userData: ctx.userData });
        },
      },
      { userData: { name: 'ada' } },
    );
    expect(seen).toEqual([{ text: 'Scanning the skies...', userData: { name: 'ada' } }]);
  });

  it("inside a job: publishes through the job room's local participant and searches as the remote participant", async () => {
    const upstream = replayDuckDuckGo(server);
    const job = jobWithCaller('caller-42', recordingParticipant(upstream.timeline));
    const client = duckDuckGoClient();
    const userIds: (string | undefined)[] = [];
    const spy: Pick<SearchClient, 'search'> = {
      search: (input, options) => {
        userIds.push(options?.userId);
        return client.search(input, options);
      },
    };

    const turn = await runWithJobContextAsync(job, () =>
      runToolTurn({ query: 'tour dates', loading_message: 'Checking the calendar...' }, { client: spy }),
    );

    expect(turn.output.results).toHaveLength(5);
    expect(upstream.timeline.map((e) => e.kind)).toEqual(['publish', 'upstream']);
    expect(upstream.timeline[0]).toMatchObject({
      message: { type: 'loading-status', text: 'Checking the calendar...' },
      options: { reliable: true, topic: 'loading-status' },
    });
    expect(userIds).toEqual(['caller-42']);
  });
});

describe('per caller', () => {
  it("the caller's maxResults bounds results by what the app decides (trust-gated depth)", async () => {
    replayDuckDuckGo(server, { count: 12 });
    const options: SearchInternetToolOptions<{ trust: number }> = {
      client: duckDuckGoClient(),
      publisher: false,
      caller: (ctx) => ({ maxResults: ctx.userData.trust < 20 ? 3 : 10 }),
    };
    const stranger = await runToolTurn({ query: 'jazz', max_results: 8 }, options, {
      userData: { trust: 5 },
    });
    const friend = await runToolTurn({ query: 'jazz', max_results: 8 }, options, { userData: { trust: 90 } });
    const strangerDefault = await runToolTurn({ query: 'jazz' }, options, { userData: { trust: 5 } });
    expect(stranger.output.results).toHaveLength(3);
    expect(friend.output.results).toHaveLength(8);
    expect(strangerDefault.output.results).toHaveLength(3);
  });

  it('a failing caller callback is logged and the search runs with the safe default of 5', async () => {
    replayDuckDuckGo(server, { count: 12 });
    const logger = recordingLogger();
    const turn = await runToolTurn(
      { query: 'jazz', max_results: 8 },
      {
        client: duckDuckGoClient(),
        publisher: false,
        setup: { logger },
        caller: () => {
          throw new Error('trust service down');
        },
      },
    );
    expect(turn.output.results).toHaveLength(5);
    expect(logger.lines).toContainEqual(
      expect.objectContaining({ level: 'warn', fields: { error: 'Error: trust service down' } }),
    );
  });

  it("passes the caller's userId to the client", async () => {
    replayDuckDuckGo(server);
    const client = duckDuckGoClient();
    const userIds: (string | undefined)[] = [];
    await runToolTurn(
      { query: 'jazz' },
      {
        publisher: false,
        caller: (ctx) => ({ userId: (ctx.userData as { id: string }).id }),
        client: {
          search: (input, options) => {
            userIds.push(options?.userId);
            return client.search(input, options);
          },
        },
      },
      { userData: { id: 'user-7' } },
    );
    expect(userIds).toEqual(['user-7']);
  });
});

describe('interruptions', () => {
  it('an interrupted turn aborts the upstream request', async () => {
    const upstream = hangingUpstream(server, HTML_URL);
    const turn = await startToolTurn(
      { query: 'long search', loading_message: 'Searching...' },
      { client: duckDuckGoClient({ timeoutMs: 20_000 }), publisher: recordingParticipant([]) },
    );
    await expectInterruptAbortsUpstream(turn, upstream);
  });
});

describe('createSearchInternetTool options', () => {
  it("are six at most: the tool is a thin adapter, the behaviour is the layer's (issue 33)", () => {
    // Checked by the type checker (`pnpm run typecheck`): a seventh option fails it.
    expectTypeOf<keyof SearchInternetToolOptions>().toEqualTypeOf<
      'client' | 'format' | 'publisher' | 'caller' | 'memory' | 'setup'
    >();
  });
});
