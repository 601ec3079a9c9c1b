import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PROVIDER_DEFINITIONS } from '@agent-search/registry';
import { HANG_MS } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** Runs the agent as its `start` script does (from source), with only `env`; resolves when it exits. */
function startAgent(env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=source', MAIN, 'start'],
      { env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1', ...env }, timeout: HANG_MS },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
    );
  });
}

describe('the agent worker at start-up', () => {
  it('refuses to start on an unknown id in SEARCH_PROVIDER_PRIORITY, naming it and the known ids', async () => {
    const run = await startAgent({ SEARCH_PROVIDER_PRIORITY: 'duckduckgo,tavly' });
    expect(run.code).toBe(2);
    const said =
      /^agent: configuration error: SEARCH_PROVIDER_PRIORITY: unknown provider "tavly" \(known: ([^)]*)\)\n$/.exec(
        run.stderr,
      );
    expect(said, run.stderr).not.toBeNull();
    const known = said![1]!.split(', ');
    for (const { id } of PROVIDER_DEFINITIONS) expect(known).toContain(id);
  });

  it('never prints back a key pasted into SEARCH_PROVIDER_PRIORITY', async () => {
    const key = 'tvly-dev-Q7x2Lm9Rt4Vb8Nc1Kp5Zs3Wy6';
    const run = await startAgent({ SEARCH_PROVIDER_PRIORITY: `duckduckgo,${key}` });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/SEARCH_PROVIDER_PRIORITY: unknown provider number 2 \(not shown/);
    expect(run.stderr + run.stdout).not.toContain(key);
    expect(run.stderr.toLowerCase()).not.toContain(key.slice(5, 25).toLowerCase());
  });

  // The check the CLI and the MCP server run too: before, these left the worker running with no rate limit
  // and no cache (10/min), or with search off for every caller (20).
  it.each([
    ['SEARCH_RATE_LIMIT', '10/min', 'SEARCH_RATE_LIMIT: expected a whole number, got "10/min"'],
    ['WEB_SEARCH_MAX_RESULTS', '20', 'WEB_SEARCH_MAX_RESULTS: must be between 1 and 10, got "20"'],
    ['ENABLE_WEB_SEARCH', 'maybe', 'ENABLE_WEB_SEARCH: expected true or false, got "maybe"'],
  ])('refuses to start on %s=%s with one sentence', async (name, value, sentence) => {
    const run = await startAgent({ [name]: value });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`agent: configuration error: ${sentence}\n`);
  });

  it('names a mistyped variable with the one meant, before the error that stops it', async () => {
    const key = 'tvly-dev-Q7x2Lm9Rt4Vb8Nc1Kp5Zs3Wy6';
    const run = await startAgent({ TAVILY_KEY: key, SEARCH_RATE_LIMIT: 'ten' });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'agent: warning: TAVILY_KEY is not read; did you mean TAVILY_API_KEY?\n' +
        'agent: configuration error: SEARCH_RATE_LIMIT: expected a whole number, got "ten"\n',
    );
    expect(run.stdout + run.stderr).not.toContain(key);
  });
});
