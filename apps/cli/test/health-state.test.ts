import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { duckDuckGoHtmlPage } from '@agent-search/provider-duckduckgo/testing';
import { useMswServer } from '@agent-search/testing';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { healthFile } from '../src/health-state.ts';
import { blockedEverywhere, DDG, htmlEndpoint, htmlResults, TEXT_RESULTS } from './fixtures/duckduckgo.ts';
import { tavilyError, tavilySearch } from './fixtures/tavily.ts';
import { runCli } from './run-cli.ts';

const server = useMswServer();
const TAVILY_KEY = 'tvly-dev-H3alth5tate0key0do0not0leak';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agent-search-state-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Counts requests to DuckDuckGo's HTML endpoint, answering with `page`. */
function countHtml(page: string, status = 200) {
  const calls = { count: 0 };
  server.use(
    http.post(DDG.html, () => {
      calls.count++;
      return new Response(page, { status, headers: { 'content-type': 'text/html' } });
    }),
  );
  return calls;
}

describe('provider health between runs', () => {
  it('a provider blocked in one run is skipped in the next, and `providers` shows its breaker open', async () => {
    const env = { AGENT_SEARCH_STATE_DIR: dir, TAVILY_API_KEY: TAVILY_KEY };
    server.use(...blockedEverywhere(), tavilySearch());
    const first = await runCli(['node'], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/from Tavily/);
    const saved = JSON.parse(readFileSync(join(dir, 'health.json'), 'utf8'));
    expect(saved).toEqual([
      expect.objectContaining({
        provider: 'duckduckgo',
        state: 'open',
        failures: 1,
        lastErrorCode: 'blocked',
      }),
    ]);

    const ddg = countHtml(duckDuckGoHtmlPage('node', TEXT_RESULTS));
    const second = await runCli(['node', '--json'], env);
    expect(second.code).toBe(0);
    expect(ddg.count).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({
      provider: 'tavily',
      attempts: [
        { provider: 'duckduckgo', outcome: 'skipped', reason: 'breaker open' },
        { provider: 'tavily' },
      ],
    });

    const listing = await runCli(['providers', '--json'], env);
    const listed = JSON.parse(listing.stdout).providers as { id: string }[];
    expect(listed.find((p) => p.id === 'duckduckgo')).toMatchObject({
      id: 'duckduckgo',
      health: { state: 'open', lastErrorCode: 'blocked' },
    });
  });

  it('an isolated failure is not carried over; a success clears a saved open breaker', async () => {
    const env = { AGENT_SEARCH_STATE_DIR: dir, TAVILY_KEYLESS: '0' };
    server.use(
      htmlEndpoint('<html><body>busy</body></html>', 503),
      http.get(DDG.vqd, () => new Response('', { status: 503 })),
    );
    expect((await runCli(['node'], env)).code).toBe(3);
    // One failure opens no breaker: the next run asks DuckDuckGo again.
    expect(JSON.parse(readFileSync(join(dir, 'health.json'), 'utf8'))).toEqual([]);

    // A breaker saved open whose open time is over: the next run's trial answers and the entry goes.
    const now = Date.now();
    writeFileSync(
      join(dir, 'health.json'),
      JSON.stringify([
        {
          provider: 'duckduckgo',
          state: 'open',
          failures: 5,
          openedAt: now - 5_000,
          coolingUntil: now - 1_000,
          openings: 1,
          lastErrorCode: 'unavailable',
        },
      ]),
    );
    const ddg = countHtml(duckDuckGoHtmlPage('node', TEXT_RESULTS));
    expect((await runCli(['node'], env)).code).toBe(0);
    expect(ddg.count).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, 'health.json'), 'utf8'))).toEqual([]);
  });

  it('does not carry over a rejected key: the next run may have a new one', async () => {
    const env = { AGENT_SEARCH_STATE_DIR: dir, TAVILY_API_KEY: TAVILY_KEY };
    server.use(...blockedEverywhere(), tavilyError(401, 'Unauthorized: missing or invalid API key.'));
    expect((await runCli(['node'], env)).code).toBe(3);
    const saved = JSON.parse(readFileSync(join(dir, 'health.json'), 'utf8')) as { provider: string }[];
    expect(saved.map((h) => h.provider)).toEqual(['duckduckgo']);
  });

  it('a damaged state file is ignored, and the run still searches', async () => {
    const env = { AGENT_SEARCH_STATE_DIR: join(dir, 'nested') };
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(join(dir, 'nested'));
    writeFileSync(join(dir, 'nested', 'health.json'), '{"not": "a list"');
    server.use(htmlResults(TEXT_RESULTS));
    expect((await runCli(['node'], env)).code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'nested', 'health.json'), 'utf8'))).toEqual([]);
  });

  it('lives under XDG_STATE_HOME or ~/.local/state; nowhere without a home, or with AGENT_SEARCH_STATE_DIR=off', async () => {
    expect(healthFile({ HOME: '/home/ada' })).toBe('/home/ada/.local/state/agent-search/health.json');
    expect(healthFile({ HOME: '/home/ada', XDG_STATE_HOME: '/var/state' })).toBe(
      '/var/state/agent-search/health.json',
    );
    expect(healthFile({ HOME: '/home/ada', AGENT_SEARCH_STATE_DIR: 'off' })).toBeUndefined();
    expect(healthFile({})).toBeUndefined();
    server.use(htmlResults(TEXT_RESULTS));
    expect((await runCli(['node'], { AGENT_SEARCH_STATE_DIR: 'off' })).code).toBe(0);
    expect(existsSync(join(dir, 'health.json'))).toBe(false);
  });
});
