import { execFile } from 'node:child_process';
import { providerKit } from '@agent-search/registry/testing';
import { hostileResults } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { blockedEverywhere } from './fixtures/duckduckgo.ts';
import { ENTRIES, parseOutput, useProviderApis } from './fixtures/provider-apis.ts';
import { runCli } from './run-cli.ts';

// The providers' own test kits: their routes and answers.
const searxng = await providerKit('searxng');
const brave = await providerKit('brave');
const serpapi = await providerKit('serpapi');

// SearXNG, Brave and SerpApi from the command with nothing but their own variables set.
const { server, upstream, takeOver } = useProviderApis();
const BRAVE_KEY = 'BSA-cli0test0key0do0not0leak0000000';
const SERPAPI_KEY = '4f8a1c2ecli0test0key0do0not0leak0d7b9e3a6f05c';

describe('SearXNG from the command, with only SEARXNG_URL set', () => {
  it('searches the instance first and prints its results', async () => {
    upstream.answer(searxng, hostileResults(searxng, ENTRIES));
    const run = await runCli(['heat pump', '--json'], {
      SEARXNG_URL: upstream.baseURL(searxng),
      AGENT_SEARCH_STATE_DIR: 'off',
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const response = parseOutput(run);
    expect(response.provider).toBe('searxng');
    expect(response.results.map((r) => r.url)).toEqual(ENTRIES.map((e) => e.url));
    const [request] = upstream.requests;
    expect(request?.path).toBe('/searxng/search');
    const params = new URLSearchParams(request?.search);
    expect([params.get('q'), params.get('format'), params.get('categories')]).toEqual([
      'heat pump',
      'json',
      'general',
    ]);
  });

  it('explains a 403 from an instance without JSON output, and exits 3', async () => {
    upstream.answer(searxng, {
      kind: 'body',
      status: 403,
      headers: { 'content-type': 'text/html' },
      body: '<h1>Forbidden</h1>',
    });
    server.use(...blockedEverywhere());
    const run = await runCli(['heat pump'], {
      SEARXNG_URL: upstream.baseURL(searxng),
      AGENT_SEARCH_STATE_DIR: 'off',
      TAVILY_KEYLESS: '0',
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/searxng: unauthorized: .*JSON output is disabled.*formats: \[html, json\]/);
  });
});

describe('Brave from the command, with only BRAVE_API_KEY (and BRAVE_BASE_URL) set', () => {
  it('takes over when DuckDuckGo is blocked, sending the key only in its header', async () => {
    const { run, response, request } = await takeOver(brave, {
      BRAVE_API_KEY: BRAVE_KEY,
      BRAVE_BASE_URL: upstream.baseURL(brave),
    });
    expect(run.code).toBe(0);
    expect(response.provider).toBe('brave');
    expect(response.attempts.map((a) => a.provider)).toEqual(['duckduckgo', 'brave']);
    expect(response.results.map((r) => r.url)).toEqual(ENTRIES.map((e) => e.url));
    expect(request?.headers['x-subscription-token']).toBe(BRAVE_KEY);
    expect(request?.search).not.toContain(BRAVE_KEY);
    expect(run.stdout + run.stderr).not.toContain(BRAVE_KEY);
  });

  it('reads news from the news endpoint', async () => {
    upstream.answer('/brave/res/v1/news/search', {
      kind: 'body',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'news',
        query: { original: 'ecb' },
        results: ENTRIES.map((e) => ({
          type: 'news_result',
          title: e.title,
          url: e.url,
          description: e.snippet,
          age: '2 hours ago',
        })),
      }),
    });
    const run = await runCli(['ecb', '--mode', 'news', '--time', 'd', '--json'], {
      SEARCH_PROVIDER_PRIORITY: 'brave',
      BRAVE_API_KEY: BRAVE_KEY,
      BRAVE_BASE_URL: upstream.baseURL(brave),
      AGENT_SEARCH_STATE_DIR: 'off',
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ provider: 'brave', mode: 'news' });
    expect(new URLSearchParams(upstream.requests[0]?.search).get('freshness')).toBe('pd');
  });
});

describe('SerpApi from the command, with only SERPAPI_API_KEY (and SERPAPI_BASE_URL) set', () => {
  const env = () => ({
    SERPAPI_API_KEY: SERPAPI_KEY,
    SERPAPI_BASE_URL: upstream.baseURL(serpapi),
    AGENT_SEARCH_STATE_DIR: 'off',
  });

  it('takes over when DuckDuckGo is blocked: Google results, the key only in the api_key parameter', async () => {
    const { run, response, request } = await takeOver(serpapi, env(), ['--num-results', '2']);
    expect(run.code).toBe(0);
    expect(response.provider).toBe('serpapi');
    expect(response.attempts.map((a) => a.provider)).toEqual(['duckduckgo', 'serpapi']);
    expect(response.results.map((r) => r.url)).toEqual(ENTRIES.map((e) => e.url));
    const params = new URLSearchParams(request?.search);
    expect(Object.fromEntries(params)).toEqual({
      engine: 'google',
      q: 'heat pump',
      num: '2',
      api_key: SERPAPI_KEY,
    });
    expect(JSON.stringify(request?.headers)).not.toContain(SERPAPI_KEY);
    expect(run.stdout + run.stderr).not.toContain(SERPAPI_KEY);
  });

  it('reads news from the News tab (tbm=nws) with the time range as tbs', async () => {
    upstream.answer(serpapi, {
      kind: 'body',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        search_metadata: { status: 'Success', processed_at: '2026-11-24 09:00:00 UTC' },
        news_results: ENTRIES.map((e, i) => ({
          position: i + 1,
          link: e.url,
          title: e.title,
          source: 'Example News',
          date: '2 hours ago',
          snippet: e.snippet,
        })),
      }),
    });
    const run = await runCli(['ecb', '--mode', 'news', '--time', 'd', '--json'], {
      SEARCH_PROVIDER_PRIORITY: 'serpapi',
      ...env(),
    });
    expect(run.code).toBe(0);
    const response = parseOutput(run);
    expect(response).toMatchObject({ provider: 'serpapi', mode: 'news' });
    expect(response.results[0]).toMatchObject({
      source: 'Example News',
      publishedAt: '2026-11-24T07:00:00.000Z',
    });
    const params = new URLSearchParams(upstream.requests[0]?.search);
    expect([params.get('tbm'), params.get('tbs')]).toEqual(['nws', 'qdr:d']);
  });

  it("an invalid key: exit 3 with SerpApi's words, never the key, even when the answer echoes the URL", async () => {
    upstream.answer(serpapi, (request) => ({
      kind: 'body',
      status: 401,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ error: `Invalid API key for ${request.path}${request.search}` }),
    }));
    const run = await runCli(['heat pump'], { SEARCH_PROVIDER_PRIORITY: 'serpapi', ...env() });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(
      /serpapi: unauthorized: SerpApi rejected the API key \(HTTP 401\): Invalid API key for \/serpapi\/search\?/,
    );
    expect(run.stderr).toContain('api_key=[redacted]');
    expect(run.stdout + run.stderr).not.toContain(SERPAPI_KEY);
  });
});

describe('start-up imports', () => {
  // A child process with resolve hooks records every module the command loads.
  const probe = (env: Record<string, string>, argv: string[]) => `
    import { registerHooks } from 'node:module';
    const loaded = [];
    registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); loaded.push(r.url); return r; } });
    const { main } = await import('@agent-search/cli');
    const sink = { write: () => true };
    const code = await main(${JSON.stringify(argv)}, { env: ${JSON.stringify(env)}, stdout: sink, stderr: sink });
    console.log(JSON.stringify({ code, loaded }));
  `;
  const run = (source: string) =>
    new Promise<{ code: number; loaded: string[] }>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--conditions=source', '--input-type=module', '-e', source],
        { cwd: new URL('..', import.meta.url) },
        (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout))),
      ),
    );
  const providerModules = (loaded: string[]) =>
    loaded
      .filter((url) => /\/packages\/providers\/|duck-duck-scrape|needle/.test(url))
      .map((url) => url.replace(/^.*\/packages\/providers\//, ''));

  it('`providers` imports only the definitions', async () => {
    const { code, loaded } = await run(probe({ AGENT_SEARCH_STATE_DIR: 'off' }, ['providers']));
    expect(code).toBe(0);
    for (const module of providerModules(loaded)) expect(module).toMatch(/^[a-z]+\/src\/definition\.ts$/);
  });

  it('a search imports the packages of the providers it asks, not the others', async () => {
    upstream.answer(searxng, hostileResults(searxng, ENTRIES));
    const { code, loaded } = await run(
      probe({ SEARXNG_URL: upstream.baseURL(searxng), AGENT_SEARCH_STATE_DIR: 'off' }, ['heat pump']),
    );
    expect(code).toBe(0);
    const imported = providerModules(loaded).filter((m) => !m.endsWith('/definition.ts'));
    expect(imported.length).toBeGreaterThan(0);
    for (const module of imported) expect(module).toMatch(/^searxng\//);
  });
});
