import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { providerKit } from '@agent-search/registry/testing';
import { type HostileUpstream, hostileResults, startHostileUpstream } from '@agent-search/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The providers' own test kits: their routes and answers.
const duckduckgo = await providerKit('duckduckgo');

// The real command in its own process, with a resolve hook that reports every package it loads (by import
// or require): what a plain search pays for at start-up.
const BIN = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
const STRIP_TYPES = (process.features as { typescript?: unknown }).typescript
  ? []
  : ['--experimental-strip-types'];
const HOOK = `import { registerHooks } from 'node:module';
registerHooks({ resolve(specifier, context, next) {
  const result = next(specifier, context);
  const name = /.*node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(result.url)?.[1];
  if (name) process.stderr.write('loaded ' + name + '\\n');
  return result;
} });
// undici is part of Node itself: it is in moduleLoadList once fetch, Headers or Response were touched.
process.on('exit', () => {
  if (process.moduleLoadList.some((m) => m.includes('undici'))) process.stderr.write('loaded undici\\n');
});`;
const OPTIONAL = ['ioredis', 'pino', '@opentelemetry/api'];
// The cache's own libraries: a one-shot search with no cache variable opens no cache.
const CACHE = ['lru-cache', 'rate-limiter-flexible'];
// The page reader's libraries: `agent-search read` needs them, a search does not.
const READER = ['linkedom', '@mozilla/readability', 'turndown'];

let upstream: HostileUpstream;
beforeAll(async () => {
  upstream = await startHostileUpstream();
  upstream.answer(
    duckduckgo,
    hostileResults(duckduckgo, [{ title: 'Lisbon', url: 'https://lisbon.example/', snippet: 'Sunny.' }]),
  );
});
afterAll(() => upstream.close());

function loadedBy(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; loaded: Set<string> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...STRIP_TYPES,
        '--conditions=source',
        '--import',
        `data:text/javascript,${encodeURIComponent(HOOK)}`,
        BIN,
        ...args,
      ],
      {
        env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1', AGENT_SEARCH_STATE_DIR: 'off', ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const loaded = new Set([...stderr.matchAll(/^loaded (.+)$/gm)].map((m) => m[1]!));
      resolve({ code, loaded });
    });
  });
}

describe('CLI start-up loads what a run uses', () => {
  it('a search with no REDIS_URL, no LOG_LEVEL and no tracer loads neither ioredis, pino nor OpenTelemetry', async () => {
    const run = await loadedBy(['weather in Lisbon', '--json'], {
      DUCKDUCKGO_HTML_URL: upstream.baseURL(duckduckgo),
    });
    expect(run.code).toBe(0);
    // The DuckDuckGo page is read without a DOM parser, and without the scraping library it once used.
    expect(run.loaded.has('htmlparser2')).toBe(false);
    expect(run.loaded.has('duck-duck-scrape')).toBe(false);
    for (const name of [...OPTIONAL, ...READER]) expect(run.loaded.has(name), name).toBe(false);
  });

  it('a plain search opens no cache and never loads undici (node:http sends it)', async () => {
    const run = await loadedBy(['weather in Lisbon', '--json'], {
      DUCKDUCKGO_HTML_URL: upstream.baseURL(duckduckgo),
    });
    expect(run.code).toBe(0);
    for (const name of [...CACHE, 'undici']) expect(run.loaded.has(name), name).toBe(false);
  });

  it('a cache variable opens the cache (and is checked)', async () => {
    const run = await loadedBy(['weather in Lisbon', '--json'], {
      DUCKDUCKGO_HTML_URL: upstream.baseURL(duckduckgo),
      SEARCH_CACHE_TTL: '60',
    });
    expect(run.code).toBe(0);
    for (const name of CACHE) expect(run.loaded.has(name), name).toBe(true);
  });

  it('REDIS_URL loads ioredis, and the warning about an unreachable Redis loads pino', async () => {
    const run = await loadedBy(['weather in Lisbon', '--json'], {
      DUCKDUCKGO_HTML_URL: upstream.baseURL(duckduckgo),
      REDIS_URL: 'redis://127.0.0.1:9',
    });
    expect(run.code).toBe(0);
    expect(run.loaded.has('ioredis')).toBe(true);
    expect(run.loaded.has('pino')).toBe(true);
  });
});
