import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { HANG_MS } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('..', import.meta.url));

// A fresh Node process (the test runner's module graph says nothing of a user's) imports `entry` from this
// package's sources and prints every module it resolved.
async function modulesLoadedBy(entry: string): Promise<string[]> {
  const code = `
    import { registerHooks } from 'node:module';
    const seen = [];
    registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); seen.push(r.url); return r; } });
    await import(${JSON.stringify(entry)});
    process.stdout.write(JSON.stringify(seen));`;
  const { stdout } = await run(process.execPath, ['--conditions=source', '--input-type=module', '-e', code], {
    cwd: packageDir,
    timeout: HANG_MS,
  });
  return JSON.parse(stdout) as string[];
}

const heavy = (urls: string[]) => urls.filter((u) => /\/node_modules\/(ioredis|minisearch)\//.test(u));

// Most tool users keep no memory: the memory's Redis client and search index load only for those who do.
describe('what importing the tool loads', () => {
  it('the main entry loads no ioredis and no minisearch', async () => {
    const loaded = await modulesLoadedBy('@agent-search/livekit-tool');
    expect(loaded.some((u) => u.includes('/core/src/tool/memory.ts'))).toBe(true);
    expect(heavy(loaded)).toEqual([]);
  });

  it('the memory layer the tool loads for a memory holds neither either', async () => {
    const loaded = await modulesLoadedBy('@agent-search/memory/layer');
    expect(loaded.some((u) => u.includes('/memory/src/with-search-memory.ts'))).toBe(true);
    expect(heavy(loaded)).toEqual([]);
  });
});
