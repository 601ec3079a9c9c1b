import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SearchResponse } from '@agent-search/core';
import { hang, useMswServer } from '@agent-search/testing';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DDG } from './fixtures/duckduckgo.ts';
import { TAVILY_RESPONSE, TAVILY_SEARCH } from './fixtures/tavily.ts';
import { runCli } from './run-cli.ts';

const server = useMswServer();
const TAVILY_KEY = 'tvly-dev-Ch4in0Dead1ine0Test0Key00';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agent-search-chain-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** DuckDuckGo hung on every endpoint; Tavily answering in 100 ms. */
function hungPrimaryHealthySecondary() {
  server.use(
    http.post(DDG.html, ({ request }) => hang(request)),
    http.get(DDG.vqd, ({ request }) => hang(request)),
    http.post(TAVILY_SEARCH, async () => {
      await delay(100);
      return HttpResponse.json(TAVILY_RESPONSE);
    }),
  );
}

describe('the CLI answers from the secondary within its deadline while DuckDuckGo hangs', () => {
  it.each([
    [8_000, 4_000],
    [4_000, 4_000],
    [3_000, 4_000],
    [2_000, 500],
  ])('--timeout %i --attempt-timeout %i: 20 of 20 runs', async (timeoutMs, attemptMs) => {
    hungPrimaryHealthySecondary();
    const env = { AGENT_SEARCH_STATE_DIR: dir, TAVILY_API_KEY: TAVILY_KEY };
    const flags = ['--json', '--timeout', String(timeoutMs), '--attempt-timeout', String(attemptMs)];
    for (let i = 0; i < 20; i++) {
      // Answered by the secondary inside the deadline, as the chain measured it; how long the process took
      // around it on a busy machine is the bench's to measure.
      const run = await runCli([`node ${i}`, ...flags], env);
      expect(run.code).toBe(0);
      const response = JSON.parse(run.stdout) as SearchResponse;
      expect(response.provider).toBe('tavily');
      expect(response.searchTimeMs).toBeLessThanOrEqual(timeoutMs);
    }
  });
});

describe('a timeout names the limit that was hit', () => {
  it('each provider at its own limit: advises --attempt-timeout, not only --timeout', async () => {
    server.use(
      http.post(DDG.html, ({ request }) => hang(request)),
      http.get(DDG.vqd, ({ request }) => hang(request)),
      http.post(TAVILY_SEARCH, ({ request }) => hang(request)),
    );
    const run = await runCli(['node', '--timeout', '5000', '--attempt-timeout', '300'], {
      AGENT_SEARCH_STATE_DIR: 'off',
      TAVILY_API_KEY: TAVILY_KEY,
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('search failed (timeout)');
    expect(run.stderr).toMatch(/DuckDuckGo within 300 ms, Tavily within 300 ms, inside the 5000 ms deadline/);
    expect(run.stderr).toMatch(/--attempt-timeout/);
    expect(run.stderr).toMatch(/duckduckgo: timeout: .*300 ms attempt limit/);
  });

  it('the deadline: advises --timeout', async () => {
    server.use(
      http.post(DDG.html, ({ request }) => hang(request)),
      http.get(DDG.vqd, ({ request }) => hang(request)),
    );
    const run = await runCli(['node', '--timeout', '300'], {
      AGENT_SEARCH_STATE_DIR: 'off',
      TAVILY_KEYLESS: '0',
    });
    expect(run.stderr).toMatch(/did not finish within 300 ms; try again, or allow more time with --timeout/);
    expect(run.stderr).toMatch(/duckduckgo: deadline: /);
  });
});

describe('the state file cannot park a provider for long', () => {
  it('a saved three-year cool-down is read back as at most an hour', async () => {
    const now = Date.now();
    writeFileSync(
      join(dir, 'health.json'),
      JSON.stringify([
        {
          provider: 'duckduckgo',
          state: 'cooling',
          failures: 1,
          coolingUntil: now + 3 * 365 * 86_400_000,
          lastErrorCode: 'rate_limited',
        },
      ]),
    );
    const run = await runCli(['providers', '--json'], { AGENT_SEARCH_STATE_DIR: dir });
    const listing = JSON.parse(run.stdout) as {
      providers: { id: string; health?: { coolingUntil: number } }[];
    };
    const ddg = listing.providers.find((p) => p.id === 'duckduckgo');
    expect(ddg?.health?.coolingUntil).toBeGreaterThan(now);
    expect(ddg?.health?.coolingUntil).toBeLessThanOrEqual(Date.now() + 3_600_000);
    // And it is saved back capped.
    const saved = JSON.parse(readFileSync(join(dir, 'health.json'), 'utf8')) as { coolingUntil: number }[];
    expect(saved[0]?.coolingUntil).toBeLessThanOrEqual(Date.now() + 3_600_000);
  });
});
