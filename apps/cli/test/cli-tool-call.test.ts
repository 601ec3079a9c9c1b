import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadProviderKits } from '@agent-search/registry/testing';
import {
  hasRedisServer,
  type RunningRedis,
  startRedisServer,
  useProviderSimulator,
} from '@agent-search/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `agent-search --args` as a user (or a script) runs it: the real command in its own process, Tavily on the
// loopback provider simulator. tool-contract.test.ts runs the whole contract through the same command in
// process; this file checks that the spawned command behaves the same for a few calls, and `--user`.

const BIN = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
const STRIP_TYPES = (process.features as { typescript?: unknown }).typescript
  ? []
  : ['--experimental-strip-types'];
const TAVILY_KEY = 'tvly-dev-Q7x2Lm9Rt4Vb8Nc1Kp5Zs3Wy6';
const simulator = useProviderSimulator(await loadProviderKits());

function run(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [...STRIP_TYPES, '--conditions=source', BIN, ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: mkdtempSync(join(tmpdir(), 'cli-tool-call-')),
        NODE_NO_WARNINGS: '1',
        SEARCH_PROVIDER_PRIORITY: 'tavily',
        TAVILY_API_KEY: TAVILY_KEY,
        TAVILY_BASE_URL: simulator().baseURL('tavily'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('agent-search --args, spawned', () => {
  it('reads the raw arguments leniently and prints the tool answer in the format asked for', async () => {
    const { code, stdout } = await run([
      '--args',
      '{"query": "heat pump efficiency", "max_results": "0", "mode": "TEXT"}',
      '--format',
      'agent-server',
    ]);
    expect(code).toBe(0);
    const envelope = JSON.parse(stdout) as { type: string; count: number; results: unknown[] };
    // 0 is "no preference": the default 5.
    expect(envelope).toMatchObject({ type: 'web_search_result', count: 5 });
    expect(envelope.results).toHaveLength(5);
    expect(simulator().calls('tavily')).toBe(1);
  });

  it('answers an empty query with the format’s failure form, exit 3, and searches nothing', async () => {
    const { code, stdout } = await run(['--args', '{"query": "  "}', '--format', 'agent-server']);
    expect(code).toBe(3);
    expect(JSON.parse(stdout)).toMatchObject({
      type: 'web_search_error',
      error: 'empty query: say what to search for',
      error_type: 'invalid_request',
    });
    expect(simulator().calls('tavily')).toBe(0);
  });

  it('caps a stranger (SEARCH_MEMORY_TRUST=5) at 3 results in the model format', async () => {
    const { code, stdout } = await run(['--args', '{"query": "heat pump prices", "max_results": 10}'], {
      SEARCH_MEMORY_TRUST: '5',
    });
    expect(code).toBe(0);
    expect(stdout.split('\n').filter((line) => /^\[\d+\] /.test(line))).toHaveLength(3);
  });

  it('refuses --args with a query or a search flag beside it, and arguments that are not an object', async () => {
    for (const args of [
      ['--args', '{"query": "a"}', 'b'],
      ['--args', '{"query": "a"}', '--max', '3'],
      ['--args', '[1]'],
      ['--args', '{not json'],
      ['heat pumps', '--user', 'no spaces allowed'],
    ]) {
      const { code, stderr } = await run(args);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr).toMatch(/--args|--user|--max/);
    }
    expect(simulator().calls('tavily')).toBe(0);
  });
});

let redis: RunningRedis | undefined;
beforeAll(async () => {
  if (hasRedisServer()) redis = await startRedisServer();
});
afterAll(() => redis?.stop());

describe.skipIf(!hasRedisServer())('agent-search --user, spawned, one Redis', () => {
  it('counts each user against their own rate limit', async () => {
    const env = () => ({ REDIS_URL: redis!.url, SEARCH_RATE_LIMIT: '1' });
    const alice1 = await run(['--args', '{"query": "tide times lisbon"}', '--user', 'alice'], env());
    expect(alice1.code).toBe(0);
    const alice2 = await run(['--args', '{"query": "tide times porto"}', '--user', 'alice'], env());
    expect(alice2.code).toBe(3);
    expect(alice2.stdout.trim()).toBe('rate limited');
    // Bob is another user: his first search of the minute is his own.
    const bob = await run(['--args', '{"query": "tide times faro"}', '--user', 'bob'], env());
    expect(bob.code).toBe(0);
    // The human output path counts by --user too.
    const aliceAgain = await run(['tide times braga', '--user', 'alice'], env());
    expect(aliceAgain.code).toBe(3);
    expect(aliceAgain.stderr).toMatch(/rate_limited/);
    expect(simulator().calls('tavily')).toBe(2);
  });
});
