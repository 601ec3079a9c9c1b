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
});
