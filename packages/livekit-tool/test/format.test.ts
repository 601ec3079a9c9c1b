import type { SourcesAnswer } from '@agent-search/core/tool';
import type { StructuredResults } from '@agent-search/core/views';
import { useMswServer } from '@agent-search/testing';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createSearchInternetTool, EMPTY_QUERY_ERROR, type SearchInternetToolOptions } from '../src/index.ts';
import {
  duckDuckGoClient,
  HTML_URL,
  type ResultsOutput,
  recordingLogger,
  replayDuckDuckGo,
  runToolTurn,
} from './harness.ts';

const server = useMswServer();

const DAY = /\d{4}-\d{2}-\d{2}/;
const options = (
  format: SearchInternetToolOptions['format'],
  extra: Partial<SearchInternetToolOptions> = {},
) => ({ client: duckDuckGoClient(), publisher: false, format, ...extra }) satisfies SearchInternetToolOptions;

describe('format: text views reach the model as a JSON string', () => {
  it("'model': numbered results with site, no URLs", async () => {
    replayDuckDuckGo(server);
    const turn = await runToolTurn<string>({ query: 'rust ownership' }, options('model'));

    expect(turn.raw.isError).toBe(false);
    // The framework JSON-encodes the returned text: the model reads a string literal.
    expect(turn.raw.output.startsWith('"Results for \\"rust ownership\\" (')).toBe(true);
    expect(typeof turn.output).toBe('string');
    const lines = turn.output.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^Results for "rust ownership" \\(${DAY.source}\\):$`));
    expect(lines[1]).toBe('[1] rust ownership guide part 1 (site1.example.org)');
    expect(lines[2]).toBe('Part 1 of a guide about rust ownership & friends.');
    expect(turn.output).toContain('[5] rust ownership guide part 5 (site5.example.org)');
    expect(turn.output).not.toContain('[6]');
    expect(turn.output).not.toMatch(/https?:\/\//);
  });

  it("'xml': escaped elements with URLs, one per result", async () => {
    replayDuckDuckGo(server);
    const turn = await runToolTurn<string>({ query: 'rust ownership' }, options('xml'));

    expect(turn.raw.output.startsWith('"<search_results query=\\"rust ownership\\"')).toBe(true);
    expect(turn.output).toMatch(
      new RegExp(`^<search_results query="rust ownership" date="${DAY.source}">\\n`),
    );
    expect(turn.output.match(/<result id=/g)).toHaveLength(5);
    expect(turn.output).toContain(
      [
        '  <result id="1" source="site1.example.org">',
        '    <title>rust ownership guide part 1</title>',
        '    <snippet>Part 1 of a guide about rust ownership &amp; friends.</snippet>',
        '    <url>https://site1.example.org/rust-ownership/guide-1</url>',
        '  </result>',
      ].join('\n'),
    );
    expect(turn.output.endsWith('</search_results>')).toBe(true);
  });
});

describe('format: JSON views reach the model as the view itself', () => {
  it("'structured': the framework's text is the view's compact JSON", async () => {
    replayDuckDuckGo(server);
    const turn = await runToolTurn<StructuredResults>(
      { query: 'tides', max_results: 3 },
      options('structured'),
    );
    expect(turn.raw.output.startsWith('{"results":[{"title":"tides guide part 1"')).toBe(true);
    expect(turn.output.results).toHaveLength(3);
    expect(turn.output.results[2]).toEqual({
      title: 'tides guide part 3',
      url: 'https://site3.example.org/tides/guide-3',
      snippet: 'Part 3 of a guide about tides & friends.',
    });
    expect(typeof turn.output.searchTime).toBe('number');
  });

  it("'sources' and 'agent-server'", async () => {
    replayDuckDuckGo(server);
    const sources = await runToolTurn<SourcesAnswer>({ query: 'tides' }, options('sources'));
    expect(sources.output.sources.map((s) => s.id)).toEqual([1, 2, 3, 4, 5]);
    expect(sources.output.sources[0]).toEqual({
      id: 1,
      title: 'tides guide part 1',
      url: 'https://site1.example.org/tides/guide-1',
      site: 'site1.example.org',
    });

    const envelope = await runToolTurn<{ type: string; query: string; count: number }>(
      { query: 'tides' },
      options('agent-server'),
    );
    expect(envelope.output).toMatchObject({ type: 'web_search_result', query: 'tides', count: 5 });
  });
});

describe('format: limits and errors', () => {
  it('maxResultsLimit cuts the results before rendering', async () => {
    replayDuckDuckGo(server, { count: 12 });
    const model = await runToolTurn<string>(
      { query: 'jazz', max_results: 8 },
      options('model', { caller: { maxResults: 3 } }),
    );
    expect(model.output).toContain('[3] jazz guide part 3');
    expect(model.output).not.toContain('[4]');

    const xml = await runToolTurn<string>(
      { query: 'jazz' },
      options('xml', { caller: () => ({ maxResults: 2 }) }),
    );
    expect(xml.output.match(/<result id=/g)).toHaveLength(2);

    const full = await runToolTurn<{ results: unknown[] }>(
      { query: 'jazz', max_results: 8 },
      options('json', { caller: { maxResults: 4 } }),
    );
    expect(full.output.results).toHaveLength(4);
  });

  // Issue 33: a failure takes the format's own form on every surface. The JSON views answer
  // `{results: [], error}`; the text views (`model`, `xml`) the sentence itself, as the MCP, AI SDK and
  // LangChain tools do (this tool used to answer the JSON object in a text format).
  it("'structured': an empty query is the `{results: [], error}` object", async () => {
    const upstream = replayDuckDuckGo(server);
    const turn = await runToolTurn<ResultsOutput>({ query: '  ' }, options('structured'));
    expect(turn.output).toEqual({ results: [], error: EMPTY_QUERY_ERROR });
    expect(upstream.requests()).toEqual([]);
  });

  it.each(['model', 'xml'] as const)("'%s': an empty query is the sentence", async (format) => {
    const upstream = replayDuckDuckGo(server);
    const turn = await runToolTurn<string>({ query: '  ' }, options(format));
    expect(turn.output).toBe(EMPTY_QUERY_ERROR);
    expect(upstream.requests()).toEqual([]);
  });

  it("'model': an upstream failure is the sentence, not view text", async () => {
    server.use(
      http.post(HTML_URL, () => new HttpResponse('oops', { status: 503 })),
      http.get('https://duckduckgo.com/', () => new HttpResponse('oops', { status: 503 })),
    );
    const turn = await runToolTurn<string>({ query: 'weather berlin' }, options('model'));
    expect(turn.output).toBe('the search service is unavailable right now');
    expect(turn.raw.output).not.toMatch(/Results for|503/);
  });

  it("'agent-server': failures take the envelope's error form, with the same sentence and the code", async () => {
    const upstream = replayDuckDuckGo(server);
    const empty = await runToolTurn<Record<string, unknown>>({ query: '  ' }, options('agent-server'));
    expect(empty.output).toEqual({
      type: 'web_search_error',
      query: '',
      error: EMPTY_QUERY_ERROR,
      error_type: 'invalid_request',
    });
    expect(upstream.requests()).toEqual([]);

    server.use(
      http.post(
        HTML_URL,
        () => new HttpResponse('slow down', { status: 429, headers: { 'retry-after': '30' } }),
      ),
      http.get('https://duckduckgo.com/', () => new HttpResponse('slow down', { status: 429 })),
    );
    const limited = await runToolTurn<Record<string, unknown>>(
      { query: 'weather berlin' },
      options('agent-server'),
    );
    expect(limited.output).toMatchObject({
      type: 'web_search_error',
      query: 'weather berlin',
      error: expect.any(String),
      error_type: expect.stringMatching(/^(rate_limited|blocked)$/),
    });
    expect(limited.output).not.toHaveProperty('results');
  });

  it('an unknown format throws a TypeError naming the valid ones, before any session', () => {
    const create = (format: unknown) =>
      createSearchInternetTool({ client: duckDuckGoClient(), format: format as 'results' });
    expect(() => create('html')).toThrow(TypeError);
    expect(() => create('html')).toThrow(
      'createSearchInternetTool: unknown format "html"; use one of: results, model, xml, agent-server, structured, sources, json',
    );
    expect(() => create(42)).toThrow(/unknown format "42"/);
    expect(() => create('results')).not.toThrow();
    expect(() => create(undefined)).not.toThrow();
  });
});

describe("format: 'seed', the deprecated name of 'results'", () => {
  it('gives the same output as the default, with one deprecation line however many tools use it', async () => {
    replayDuckDuckGo(server);
    const logger = recordingLogger();
    const results = await runToolTurn<ResultsOutput>({ query: 'tides', max_results: 3 }, options('results'));
    const seed = await runToolTurn<ResultsOutput>(
      { query: 'tides', max_results: 3 },
      options('seed', { setup: { logger } }),
    );
    createSearchInternetTool({ client: duckDuckGoClient(), format: 'seed', setup: { logger } });

    expect(results.output.results).toHaveLength(3);
    expect(results.output.results[0]).toEqual({
      title: 'tides guide part 1',
      href: 'https://site1.example.org/tides/guide-1',
      body: 'Part 1 of a guide about tides & friends.',
    });
    expect(seed.raw.output).toBe(results.raw.output);
    expect(logger.lines.filter((line) => /deprecated/.test(line.msg ?? ''))).toEqual([
      {
        level: 'warn',
        fields: {},
        msg: "createSearchInternetTool: format 'seed' is deprecated; use 'results'",
      },
    ]);
  });
});
