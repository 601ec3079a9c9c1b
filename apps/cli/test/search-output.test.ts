import type { SearchResponse } from '@agent-search/core';
import { useMswServer } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import {
  blockedEverywhere,
  htmlResults,
  NEWS_ITEMS,
  newsEndpoint,
  TEXT_RESULTS,
  VIDEO_ITEMS,
  videosEndpoint,
  vqdEndpoint,
} from './fixtures/duckduckgo.ts';
import { runCli } from './run-cli.ts';

const server = useMswServer();
// 2026-01-01: after every date in the fixtures.
const NOW = Date.UTC(2026, 0, 1);

function parseJson(stdout: string): SearchResponse {
  return JSON.parse(stdout) as SearchResponse;
}

describe('--json', () => {
  it('prints normalized text results and nothing else on stdout', async () => {
    let form: URLSearchParams | undefined;
    server.use(htmlResults(TEXT_RESULTS));
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST') form = new URLSearchParams(await request.clone().text());
    });
    const run = await runCli(['node', 'js', '--json', '--max', '2', '--time', 'w']);
    server.events.removeAllListeners();

    expect(run.code).toBe(0);
    const response = parseJson(run.stdout);
    expect(response).toMatchObject({ query: 'node js', mode: 'text', provider: 'duckduckgo', cached: false });
    expect(response.results).toHaveLength(2);
    expect(response.results[0]).toMatchObject({
      title: 'Node.js — Run JavaScript Everywhere',
      url: 'https://nodejs.org/en',
      source: 'nodejs.org',
      provider: 'duckduckgo',
      publishedAt: '2025-03-04T00:00:00.000Z',
    });
    expect(response.results[0]!.snippet).toMatch(/^Node\.js is a free, open-source/);
    expect(response.results[1]!.url).toBe('https://en.wikipedia.org/wiki/Node.js');
    // The flags reached DuckDuckGo: the joined query and the time range.
    expect(form?.get('q')).toBe('node js');
    expect(form?.get('df')).toBe('w');
  });

  it('prints normalized news results', async () => {
    server.use(vqdEndpoint(), newsEndpoint(NEWS_ITEMS));
    const run = await runCli(['node', 'lts', '--mode', 'news', '--json']);
    expect(run.code).toBe(0);
    const response = parseJson(run.stdout);
    expect(response.mode).toBe('news');
    expect(response.results.map((r) => r.url)).toEqual(NEWS_ITEMS.map((n) => n.url));
    expect(response.results[0]).toMatchObject({
      title: 'Node.js 24 enters long-term support',
      snippet: 'The Node.js project moved version 24 to active LTS, bringing npm 11 and a newer V8.',
      publishedAt: '2025-10-30T04:53:20.000Z',
      source: 'infoq.com',
    });
  });

  it('prints normalized video results with duration, publisher and views', async () => {
    server.use(vqdEndpoint(), videosEndpoint(VIDEO_ITEMS));
    const run = await runCli(['node tutorial', '--mode', 'videos', '--json']);
    expect(run.code).toBe(0);
    const [video] = parseJson(run.stdout).results;
    expect(video).toMatchObject({
      title: 'Node.js Tutorial for Beginners',
      url: 'https://www.youtube.com/watch?v=abc123XYZ00',
      duration: '1:12:05',
      publisher: 'Code Channel',
      viewCount: 1_254_300,
      thumbnail: 'https://tse1.mm.bing.net/th?id=OVP.abc123XYZ00&pid=Api',
      publishedAt: '2024-06-10T15:00:12.000Z',
    });
  });

  it('--format json is the same as --json', async () => {
    server.use(htmlResults(TEXT_RESULTS));
    const run = await runCli(['node', '--format', 'json']);
    expect(run.code).toBe(0);
    expect(parseJson(run.stdout).results).toHaveLength(3);
  });

  it('never draws the spinner, even on a terminal', async () => {
    server.use(htmlResults(TEXT_RESULTS));
    const run = await runCli(['node', '--json'], {}, { tty: true });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(() => JSON.parse(run.stdout)).not.toThrow();
  });
});

describe('--format with core views', () => {
  it('model: numbered results for a language model', async () => {
    server.use(htmlResults(TEXT_RESULTS));
    const run = await runCli(['node', '--format', 'model', '--max', '2'], {}, { now: NOW });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Results for "node" \(2026-01-01\):\n\[1\] Node\.js — Run JavaScript Everywhere \(nodejs\.org, 2025-03-04\)\n/,
    );
    expect(run.stdout).toContain('[2] Node.js - Wikipedia (en.wikipedia.org)\nNode.js is a cross-platform');
    expect(run.stdout).not.toContain('[3]');
    expect(run.stdout.endsWith('\n')).toBe(true);
  });

  it('sources: the numbered URLs as JSON', async () => {
    server.use(htmlResults(TEXT_RESULTS));
    const run = await runCli(['node', '--format', 'sources']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([
      {
        id: 1,
        title: 'Node.js — Run JavaScript Everywhere',
        url: 'https://nodejs.org/en',
        site: 'nodejs.org',
      },
      {
        id: 2,
        title: 'Node.js - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/Node.js',
        site: 'en.wikipedia.org',
      },
      { id: 3, title: 'Download Node.js', url: 'https://nodejs.org/en/download', site: 'nodejs.org' },
    ]);
  });

  it('agent-server: the result envelope, and its error form on stdout when the search fails', async () => {
    server.use(htmlResults(TEXT_RESULTS));
    const ok = await runCli(['node', '--format', 'agent-server']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ type: 'web_search_result', query: 'node', count: 3 });

    server.use(...blockedEverywhere());
    // Without Tavily's keyless fallback: DuckDuckGo's own failure.
    const failed = await runCli(['node', '--format', 'agent-server'], { TAVILY_KEYLESS: '0' });
    expect(failed.code).toBe(3);
    expect(JSON.parse(failed.stdout)).toEqual({
      type: 'web_search_error',
      query: 'node',
      error: expect.stringMatching(/\S/),
      error_type: 'blocked',
    });
    expect(failed.stderr).toContain('search failed (blocked)');

    const unusable = await runCli(['node', '--format', 'agent-server'], {
      SEARCH_PROVIDER_PRIORITY: 'tavily',
      TAVILY_KEYLESS: '0',
    });
    expect(unusable.code).toBe(3);
    expect(JSON.parse(unusable.stdout)).toMatchObject({
      type: 'web_search_error',
      error_type: 'no_provider',
    });
    expect(unusable.stdout).not.toContain('TAVILY_API_KEY=');
  });

  it('xml: an XML document with every result', async () => {
    server.use(htmlResults(TEXT_RESULTS));
    const run = await runCli(['node', '--format', 'xml']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('https://en.wikipedia.org/wiki/Node.js');
    expect(run.stdout.trimStart().startsWith('<')).toBe(true);
  });
});

describe('--profile', () => {
  it('news: searches news even without --mode', async () => {
    server.use(vqdEndpoint(), newsEndpoint(NEWS_ITEMS));
    const run = await runCli(['node', '--profile', 'news', '--json']);
    expect(run.code).toBe(0);
    const response = parseJson(run.stdout);
    expect(response.results[0]!.url).toBe(NEWS_ITEMS[0]!.url);
  });
});

describe('human output', () => {
  it('numbers the results with title, site, date, URL and snippet, and ends with a footer', async () => {
    server.use(htmlResults(TEXT_RESULTS));
    const run = await runCli(['node'], {}, { now: NOW });
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('1. Node.js — Run JavaScript Everywhere');
    expect(lines[1]).toBe('   nodejs.org · 4 Mar 2025');
    expect(lines[2]).toBe('   https://nodejs.org/en');
    expect(lines[3]).toMatch(/^ {3}Node\.js is a free/);
    expect(run.stdout).toContain('\n2. Node.js - Wikipedia\n   en.wikipedia.org\n');
    expect(run.stdout).toContain('\n3. Download Node.js\n');
    expect(run.stdout).toMatch(/\n3 results from DuckDuckGo in \d+ ms\n$/);
    // Every line fits the 80-column terminal.
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    // No ANSI styling when stdout is not a terminal.
    expect(run.stdout).not.toContain('\u001b[');
  });

  it('wraps long snippets and cuts them after three lines', async () => {
    const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    server.use(htmlResults([{ title: 'Long', url: 'https://example.com/long', snippet: long }]));
    const run = await runCli(['long'], {}, { now: NOW });
    const snippetLines = run.stdout.split('\n').slice(3, -3);
    expect(snippetLines).toHaveLength(3);
    expect(snippetLines[2]).toMatch(/…$/);
    expect(run.stdout).not.toContain('word59');
  });

  it('shows video details on the site line', async () => {
    server.use(vqdEndpoint(), videosEndpoint(VIDEO_ITEMS));
    const run = await runCli(['node tutorial', '-m', 'videos'], {}, { now: NOW });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('   youtube.com · 10 Jun 2024 · 1:12:05 · Code Channel · 1.3M views\n');
  });

  it('draws a spinner on a terminal stderr and erases it', async () => {
    server.use(htmlResults(TEXT_RESULTS));
    const run = await runCli(['node'], {}, { tty: true });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('Searching…');
    expect(run.stderr.endsWith('\r\u001b[K')).toBe(true);
    // Titles are bold on a terminal.
    expect(run.stdout).toContain('\u001b[1mNode.js — Run JavaScript Everywhere\u001b[22m');
  });

  it('draws no spinner and no escape codes on a TERM=dumb terminal', async () => {
    server.use(htmlResults(TEXT_RESULTS));
    const run = await runCli(['node'], { TERM: 'dumb' }, { tty: true });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).not.toContain('\u001b');
    expect(run.stdout).toContain('Node.js — Run JavaScript Everywhere');
  });

  it('says so when there are no results, and exits 0', async () => {
    server.use(htmlResults([]));
    // No results is an answer; without keyless Tavily nothing else is asked.
    const run = await runCli(['qwxzv', 'nothing'], { TAVILY_KEYLESS: '0' });
    expect(run).toMatchObject({ code: 0, stdout: 'No results for "qwxzv nothing".\n' });

    const json = await runCli(['qwxzv', '--json'], { TAVILY_KEYLESS: '0' });
    expect(json.code).toBe(0);
    expect(parseJson(json.stdout).results).toEqual([]);
  });
});
