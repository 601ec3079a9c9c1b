import { execFile } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { PROVIDER_DEFINITIONS } from '@agent-search/registry';
import { HANG_MS } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { runMcpServer } from '../src/index.ts';
import { BIN, requireBuiltServer } from './connect.ts';

async function start(env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const code = await runMcpServer([], {
    env,
    stdin: new PassThrough(),
    stdout: new PassThrough(),
    stderr: { write: (chunk: string) => (stderr += chunk) },
    signal: new AbortController().signal,
  });
  return { code, stderr };
}

describe('start-up configuration errors', () => {
  it('an unknown id in SEARCH_PROVIDER_PRIORITY stops the server, naming it and the known ids', async () => {
    const { code, stderr } = await start({ SEARCH_PROVIDER_PRIORITY: 'duckduckgo,google' });
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /^agent-search-mcp: configuration error: SEARCH_PROVIDER_PRIORITY: unknown provider "google" \(known: [^)]+\)\n$/,
    );
    const known = /\(known: ([^)]+)\)/.exec(stderr)?.[1]?.split(', ');
    for (const { id } of PROVIDER_DEFINITIONS) expect(known).toContain(id);
  });
});

requireBuiltServer();

/** Starts the server over stdio with only `env` and stdin closed; resolves when it exits. */
function startServer(env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [BIN],
      { env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1', ...env }, timeout: HANG_MS },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

describe('agent-search-mcp at start-up', () => {
  it('exits 2 on an unknown id in SEARCH_PROVIDER_PRIORITY, naming it and the known ids', async () => {
    const run = await startServer({ SEARCH_PROVIDER_PRIORITY: 'duckduckgo,tavly' });
    expect(run.code).toBe(2);
    // Nothing reaches the MCP client's channel: stdout is the protocol's.
    expect(run.stdout).toBe('');
    const said =
      /^agent-search-mcp: configuration error: SEARCH_PROVIDER_PRIORITY: unknown provider "tavly" \(known: ([^)]*)\)\n$/.exec(
        run.stderr,
      );
    expect(said, run.stderr).not.toBeNull();
    const known = said![1]!.split(', ');
    for (const { id } of PROVIDER_DEFINITIONS) expect(known).toContain(id);
  });

  it('never prints back a key pasted into SEARCH_PROVIDER_PRIORITY', async () => {
    const key = 'tvly-dev-Q7x2Lm9Rt4Vb8Nc1Kp5Zs3Wy6';
    const run = await startServer({ SEARCH_PROVIDER_PRIORITY: `${key},duckduckgo` });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/SEARCH_PROVIDER_PRIORITY: unknown provider number 1 \(not shown/);
    expect(run.stderr + run.stdout).not.toContain(key);
  });
});
