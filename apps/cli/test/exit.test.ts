import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { providerKit } from '@agent-search/registry/testing';
import {
  HANG_MS,
  type HostileAnswer,
  type HostileUpstream,
  hostileResults,
  slowDrip,
  startHostileUpstream,
} from '@agent-search/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

// The providers' own test kits: their routes and answers.
const exa = await providerKit('exa');
const tavily = await providerKit('tavily');

// The real command in its own process (TypeScript run by Node from source, as in development), against a
// loopback upstream: whether the process ends is the thing under test, which an in-process run cannot show.
const BIN = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
// Node strips types by default from 23.6 (CI runs 24); 22.12–22.17 need the flag.
const STRIP_TYPES = (process.features as { typescript?: unknown }).typescript
  ? []
  : ['--experimental-strip-types'];
const EXA_KEY = '3f6b2c9e-81d4-4a7f-b5e0-9c2d7a1e4f80';
const TAVILY_KEY = 'tvly-dev-Q7x2Lm9Rt4Vb8Nc1Kp5Zs3Wy6';

let upstream: HostileUpstream;
beforeAll(async () => {
  upstream = await startHostileUpstream();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The process was still running when the hang guard went off (the upstreams here never let go). */
  killed: boolean;
}

// A hang guard, not a verdict on speed: the upstreams below never let go, so a process that waited for them
// would still be running at any bound; this one only has to be past a loaded machine's start-up.
function runCli(args: string[], env: Record<string, string>, killAfterMs = HANG_MS / 3): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...STRIP_TYPES, '--conditions=source', BIN, ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: mkdtempSync(join(tmpdir(), 'cli-exit-')),
        NODE_NO_WARNINGS: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let killed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    const killer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, killAfterMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr, killed });
    });
  });
}

const ENV = {
  SEARCH_PROVIDER_PRIORITY: 'exa,tavily',
  EXA_API_KEY: EXA_KEY,
  TAVILY_API_KEY: TAVILY_KEY,
  AGENT_SEARCH_STATE_DIR: 'off',
  NO_COLOR: '1',
  // Tavily is started while Exa still runs, so Exa's request is abandoned, not timed out.
  SEARCH_HEDGE_MS: '200',
};

const cases: [string, HostileAnswer][] = [
  ['hangs', { kind: 'hang' }],
  ['drips its body for ever', slowDrip(exa, 100)],
];

describe('the command ends right after its output, whatever a provider still holds open', () => {
  it.each(cases)('Exa (primary) %s, Tavily answers', async (_, exaAnswer) => {
    upstream.answer(exa, exaAnswer);
    upstream.answer(
      tavily,
      hostileResults(tavily, [
        { title: 'Lisbon weather today', url: 'https://weather.example/lisbon', snippet: 'Sunny, 24 °C.' },
      ]),
    );
    const run = await runCli(['weather in Lisbon', '--json'], {
      ...ENV,
      EXA_BASE_URL: upstream.baseURL(exa),
      TAVILY_BASE_URL: upstream.baseURL(tavily),
    });
    expect(run.stderr).toBe('');
    expect(run.killed, 'the process had to be killed').toBe(false);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      provider: 'tavily',
      results: [{ url: 'https://weather.example/lisbon' }],
    });
    expect(upstream.requests.map((r) => r.path).sort()).toEqual(['/exa/search', '/tavily/search']);
    // Exa's upstream never lets go, so not killed means the process ended without it (counted, not timed:
    // before, it lived until the upstream let go, 56 s or never).
  });
});

describe('a reader that closes the pipe early', () => {
  it('`agent-search x | true`: exits quietly, no stack trace', async () => {
    upstream.answer(
      tavily,
      hostileResults(tavily, [
        { title: 'Lisbon weather today', url: 'https://weather.example/lisbon', snippet: 'Sunny, 24 °C.' },
      ]),
    );
    const child = spawn(process.execPath, [...STRIP_TYPES, '--conditions=source', BIN, 'weather in Lisbon'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: mkdtempSync(join(tmpdir(), 'cli-epipe-')),
        NODE_NO_WARNINGS: '1',
        ...ENV,
        SEARCH_PROVIDER_PRIORITY: 'tavily',
        TAVILY_BASE_URL: upstream.baseURL(tavily),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The reader goes away before the answer: every write the command makes meets a closed pipe.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(upstream.requests.map((r) => r.path)).toEqual(['/tavily/search']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});

describe.skipIf(!existsSync('/dev/full'))('a disk that is full', () => {
  it('`agent-search x --json > /dev/full`: one sentence on stderr, no stack trace', async () => {
    upstream.answer(
      tavily,
      hostileResults(tavily, [
        { title: 'Lisbon weather today', url: 'https://weather.example/lisbon', snippet: 'Sunny, 24 °C.' },
      ]),
    );
    const full = openSync('/dev/full', 'w');
    const child = spawn(
      process.execPath,
      [...STRIP_TYPES, '--conditions=source', BIN, 'weather in Lisbon', '--json'],
      {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: mkdtempSync(join(tmpdir(), 'cli-enospc-')),
          NODE_NO_WARNINGS: '1',
          ...ENV,
          SEARCH_PROVIDER_PRIORITY: 'tavily',
          TAVILY_BASE_URL: upstream.baseURL(tavily),
        },
        stdio: ['ignore', full, 'pipe'],
      },
    );
    closeSync(full);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect({ stderr, code }).toEqual({
      stderr: 'agent-search: could not write the output (ENOSPC)\n',
      code: 1,
    });
    expect(code).toBe(1);
  });
});
