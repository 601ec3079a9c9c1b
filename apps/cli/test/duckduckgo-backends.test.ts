import type { SearchResponse } from '@agent-search/core';
import { dJs } from '@agent-search/provider-duckduckgo/testing';
import { hang, useMswServer } from '@agent-search/testing';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { DDG, TEXT_RESULTS, vqdEndpoint } from './fixtures/duckduckgo.ts';
import { runCli } from './run-cli.ts';

const server = useMswServer();

/** DuckDuckGo's HTML endpoint hung; its d.js backend answering. */
function htmlHungDjsHealthy() {
  server.use(
    http.post(DDG.html, ({ request }) => hang(request)),
    vqdEndpoint(),
    http.get(DDG.djs, ({ request }) => {
      const query = new URL(request.url).searchParams.get('q') ?? '';
      return new HttpResponse(dJs(query, TEXT_RESULTS), {
        headers: { 'content-type': 'application/x-javascript; charset=UTF-8' },
      });
    }),
  );
}

describe('keyless default with the HTML endpoint hung and d.js healthy', () => {
  it.each([
    ['default settings', [], {}],
    ['SEARCH_TIMEOUT_MS=4000', [], { SEARCH_TIMEOUT_MS: '4000' }],
    ['--timeout 3000', ['--timeout', '3000'], {}],
  ])('is answered by DuckDuckGo (%s)', async (_, flags, env) => {
    htmlHungDjsHealthy();
    // DuckDuckGo's own backends: without Tavily's keyless mode, which a hedge would otherwise reach.
    const run = await runCli(['node', '--json', ...flags], {
      AGENT_SEARCH_STATE_DIR: 'off',
      TAVILY_KEYLESS: '0',
      ...env,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const response = JSON.parse(run.stdout) as SearchResponse;
    expect(response.provider).toBe('duckduckgo');
    expect(response.results[0]).toMatchObject({ url: 'https://nodejs.org/en' });
  });
});
