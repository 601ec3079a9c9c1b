import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HANG_MS } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';

// The real bin in its own process, with `process.versions.node` set before it loads: what a user on an
// older Node sees, without needing that Node installed.
const BIN = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
const STRIP_TYPES = (process.features as { typescript?: unknown }).typescript
  ? []
  : ['--experimental-strip-types'];

function runBinAs(nodeVersion: string, args: string[]) {
  const pretend = `Object.defineProperty(process.versions, 'node', { value: ${JSON.stringify(nodeVersion)} });`;
  const preload = `data:text/javascript,${encodeURIComponent(pretend)}`;
  return spawnSync(
    process.execPath,
    [...STRIP_TYPES, '--conditions=source', '--import', preload, BIN, ...args],
    { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1' }, timeout: HANG_MS },
  );
}

describe('the Node version check', () => {
  it.each(['20.20.2', '22.11.0', '18.0.0'])('stops on Node %s with one sentence and exit 1', (found) => {
    const run = runBinAs(found, ['--version']);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`needs Node.js >= 22.12 but found ${found}`);
    expect(lines[0]).toContain('npx -y -p node@24');
  });

  it.each(['22.12.0', '24.0.0', '30.1.2'])('lets Node %s through', (found) => {
    const run = runBinAs(found, ['--version']);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(run.status).toBe(0);
  });
});

// pnpm itself, as `npx -y pnpm@10 ...` runs it, on a pretended old Node: the repository's .pnpmfile.cjs must
// stop it before it resolves anything (no engine warning per package), naming the command as typed.
const PNPM = pnpmScript();

/** pnpm's JavaScript entry (pnpm.cjs): the one running these tests, or the `pnpm` on PATH. */
function pnpmScript(): string | undefined {
  const candidates = [
    process.env.npm_execpath,
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'pnpm')),
  ];
  for (const candidate of candidates) {
    if (!candidate || !existsSync(candidate)) continue;
    const script = realpathSync(candidate);
    if (/pnpm\.c?js$/.test(script)) return script;
  }
  return undefined;
}
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe.skipIf(PNPM === undefined)('the Node version check in front of pnpm', () => {
  it.each([
    [['install'], 'pnpm install'],
    [['test'], 'pnpm test'],
    [['run', 'search', 'weather in Lisbon'], "pnpm run search 'weather in Lisbon'"],
  ])('pnpm %j on Node 20 prints one sentence and exits 1', (args, typed) => {
    const pretend = `Object.defineProperty(process.versions, 'node', { value: '20.20.2' });`;
    const run = spawnSync(
      process.execPath,
      ['--import', `data:text/javascript,${encodeURIComponent(pretend)}`, PNPM!, ...args],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1' },
        timeout: HANG_MS,
      },
    );
    expect(run.status).toBe(1);
    const lines = `${run.stdout}${run.stderr}`.trim().split('\n');
    expect(lines).toEqual([expect.stringContaining('needs Node.js >= 22.12 but found 20.20.2')]);
    expect(lines[0]).toContain(`npx -y -p node@24 -p pnpm@10 ${typed}\``);
  });
});
