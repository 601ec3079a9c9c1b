import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { providerKit } from '@agent-search/registry/testing';
import { type HostileUpstream, hostileResults, startHostileUpstream } from '@agent-search/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The command as installed: the committed bin, which runs the build's bundle (bundle.mjs). The other tests
// run the sources; these check what bundling could break. They need `pnpm run build` first.
const BIN = fileURLToPath(new URL('../bin/agent-search.js', import.meta.url));
const BUNDLE = fileURLToPath(new URL('../bundle/', import.meta.url));
const built = existsSync(`${BUNDLE}bin.js`);

const duckduckgo = await providerKit('duckduckgo');

// Reports the file of every module the process loads (by import or require).
const HOOK = `import { registerHooks } from 'node:module';
registerHooks({ resolve(specifier, context, next) {
  const result = next(specifier, context);
  if (result.url.startsWith('file:')) process.stderr.write('loaded ' + result.url + '\\n');
  return result;
} });`;

let upstream: HostileUpstream;
let site: Server;
let origin: string;
beforeAll(async () => {
  upstream = await startHostileUpstream();
  upstream.answer(
    duckduckgo,
    hostileResults(duckduckgo, [{ title: 'Lisbon', url: 'https://lisbon.example/', snippet: 'Sunny.' }]),
  );
  site = createServer((req, res) => {
    if (req.url === '/robots.txt') return void res.writeHead(404).end();
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        '<html><head><title>Library hours</title></head><body><article><h1>Library hours</h1>' +
          '<p>The city library now opens until nine on weekdays, three hours later than before, from next month.</p>' +
          '<p>Weekend hours stay as they are, from ten to four on Saturdays; the library stays closed on Sundays.</p>' +
          '</article></body></html>',
      );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await upstream.close();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

function runBin(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string; files: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', `data:text/javascript,${encodeURIComponent(HOOK)}`, BIN, ...args],
      {
        env: {
          PATH: process.env.PATH ?? '',
          NODE_NO_WARNINGS: '1',
          AGENT_SEARCH_STATE_DIR: 'off',
          TAVILY_KEYLESS: '0',
          DUCKDUCKGO_HTML_URL: upstream.baseURL(duckduckgo),
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const files = [...stderr.matchAll(/^loaded (.+)$/gm)].map((m) => fileURLToPath(m[1]!));
      resolve({ code, stdout, stderr: stderr.replace(/^loaded .+\n/gm, ''), files });
    });
  });
}

/** Our own modules the run loaded from anywhere but the bundle: a second copy of a workspace package. */
const unbundled = (files: string[]) =>
  files.filter(
    (file) =>
      !file.startsWith(BUNDLE) &&
      file !== BIN &&
      (file.includes('/@agent-search/') || !file.includes('/node_modules/')),
  );

describe.skipIf(!built)('the bundled command (run `pnpm run build` first)', () => {
  it('searches, loading every @agent-search module from the bundle and no reader or Redis library', async () => {
    const run = await runBin(['weather in Lisbon', '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).results[0].url).toBe('https://lisbon.example/');
    expect(unbundled(run.files)).toEqual([]);
    expect(run.files.some((file) => file.startsWith(BUNDLE))).toBe(true);
    for (const name of ['ioredis', 'linkedom', 'turndown', '@modelcontextprotocol/sdk', 'lru-cache'])
      expect(
        run.files.filter((file) => file.includes(`/node_modules/${name}/`)),
        name,
      ).toEqual([]);
  });

  it('finds the cache libraries it requires from the bundle when a cache variable is set', async () => {
    const run = await runBin(['weather in Lisbon', '--json'], { SEARCH_CACHE_TTL: '60' });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).results[0].url).toBe('https://lisbon.example/');
    expect(run.files.some((file) => file.includes('/node_modules/lru-cache/'))).toBe(true);
    expect(unbundled(run.files)).toEqual([]);
  });

  it('reads a page through the extraction worker written beside the bundle', async () => {
    const run = await runBin(['read', `${origin}/hours`, '--allow-private', origin]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('three hours later than before');
    expect(unbundled(run.files)).toEqual([]);
  });

  it('answers --version with the package version', async () => {
    const run = await runBin(['--version']);
    expect(run.code).toBe(0);
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(run.stdout.trim()).toBe(pkg.version);
  });
});
