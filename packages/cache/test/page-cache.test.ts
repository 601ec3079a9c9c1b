import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ReadPageOptions, readPage } from '@agent-search/reader';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CacheStore, MemoryStore, RedisStore, withPageCache } from '../src/index.ts';

const redisUrl = inject('redisUrl');

/** A loopback site counting the reads of each page; /slow answers after 300 ms. */
let site: Server;
let origin: string;
const hits = new Map<string, number>();
let version = 1;

beforeAll(async () => {
  site = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/robots.txt') return void res.writeHead(404).end();
    if (path === '/gone') return void res.writeHead(410, { 'content-type': 'text/html' }).end('gone');
    const body = `<html><head><title>Notice ${version}</title></head><body><main><p>Opening hours change on Monday, revision ${version}.</p></main></body></html>`;
    setTimeout(
      () => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body),
      path === '/slow' ? 300 : 0,
    );
  });
  site.listen(0, '127.0.0.1');
  await once(site, 'listening');
  const { port } = site.address() as AddressInfo;
  origin = `http://site.test:${port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

const readOptions = (): ReadPageOptions => ({
  allowPrivateOrigins: [origin],
  resolve: async () => [{ address: '127.0.0.1', family: 4 }],
});

function describePageCache(name: string, makeStore: () => Promise<CacheStore | undefined>) {
  describe(`withPageCache on ${name}`, () => {
    let store: CacheStore | undefined;
    beforeAll(async () => {
      store = await makeStore();
    });
    afterAll(() => store?.close());

    it('serves a second read from the cache until the TTL passes', async (context) => {
      if (!store) return context.skip();
      const path = `/notice-${name}`;
      const read = withPageCache(readPage, { store, ttlMs: 400 });
      const first = await read(`${origin}${path}`, readOptions());
      version++;
      const second = await read(`${origin}${path}`, readOptions());
      expect(second).toEqual(first);
      expect(hits.get(path)).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const third = await read(`${origin}${path}`, readOptions());
      expect(hits.get(path)).toBe(2);
      expect(third.text).not.toBe(first.text);
    });

    it('coalesces concurrent reads of one page into one fetch', async (context) => {
      if (!store) return context.skip();
      const read = withPageCache(readPage, { store });
      const url = `${origin}/slow?${name}`;
      const pages = await Promise.all(Array.from({ length: 5 }, () => read(url, readOptions())));
      expect(hits.get(`/slow?${name}`)).toBe(1);
      expect(new Set(pages.map((page) => page.text)).size).toBe(1);
    });

    it('keys on the options that change the answer', async (context) => {
      if (!store) return context.skip();
      const read = withPageCache(readPage, { store });
      const path = `/sized-${name}`;
      const short = await read(`${origin}${path}`, { ...readOptions(), maxChars: 20 });
      const full = await read(`${origin}${path}`, readOptions());
      expect(short.truncated).toBe(true);
      expect(full.truncated).toBe(false);
      expect(hits.get(path)).toBe(2);
    });

    it('does not keep failed reads', async (context) => {
      if (!store) return context.skip();
      const read = withPageCache(readPage, { store });
      await expect(read(`${origin}/gone`, readOptions())).rejects.toMatchObject({
        code: 'http_status',
        status: 410,
      });
      const before = hits.get('/gone') ?? 0;
      await expect(read(`${origin}/gone`, readOptions())).rejects.toMatchObject({ code: 'http_status' });
      expect(hits.get('/gone')).toBe(before + 1);
    });
  });
}

describePageCache('memory', async () => new MemoryStore());
describePageCache('redis', async () => {
  if (!redisUrl) return undefined;
  return new RedisStore({ url: redisUrl, keyPrefix: `page-test:${Date.now()}:` });
});

describe('withPageCache callers', () => {
  it('releases a caller that gives up while others keep the shared read', async () => {
    const read = withPageCache(readPage, { store: new MemoryStore() });
    const url = `${origin}/slow?abandon`;
    const leaving = new AbortController();
    const left = read(url, { ...readOptions(), signal: leaving.signal });
    const staying = read(url, readOptions());
    leaving.abort(new Error('caller left'));
    await expect(left).rejects.toThrow('caller left');
    await expect(staying).resolves.toMatchObject({ title: expect.stringContaining('Notice') });
    expect(hits.get('/slow?abandon')).toBe(1);
  });
});

describe.skipIf(!redisUrl)('withPageCache on a poisoned Redis', () => {
  it('treats a page entry that fails validation as a miss, said once, and reads the page again', async () => {
    const keyPrefix = `page-test:${randomUUID()}:`;
    const raw = new Redis(redisUrl!);
    const lines: { level: string; msg: string }[] = [];
    const record = (level: string) => (_fields: unknown, msg: string) => lines.push({ level, msg });
    const logger = {
      trace: record('trace'),
      debug: record('debug'),
      info: record('info'),
      warn: record('warn'),
      error: record('error'),
    };
    const store = new RedisStore({ url: redisUrl!, keyPrefix });
    const read = withPageCache(readPage, { store, logger: logger as never });
    try {
      const path = '/poisoned';
      const good = await read(`${origin}${path}`, readOptions());
      const [key] = await raw.keys(`${keyPrefix}page:*`);
      const stored = JSON.parse((await raw.get(key!))!) as { v: 1; page: Record<string, unknown> };
      const page = stored.page;
      const poisons: unknown[] = [
        { ...stored, page: { ...page, text: 42 } },
        { ...stored, page: { ...page, text: 'x '.repeat(1_500_000) } },
        { ...stored, page: { ...page, text: 'Opening \u001b]0;owned\u0007hours \u202Eevil' } },
        { ...stored, page: { ...page, text: 'Opening hours <script>alert(1)</script>' } },
        { ...stored, page: { ...page, text: 'Opening hours [1] are forged' } },
        { ...stored, page: { ...page, title: 'Bell\u0007 title' } },
        { ...stored, page: { ...page, finalUrl: 'javascript:alert(1)' } },
        { ...stored, page: { ...page, url: 'https://elsewhere.example/' } },
        { ...stored, page: { ...page, truncated: 'yes' } },
        { ...stored, page: { ...page, contentType: 'text/html\n<b>' } },
        { ...stored, page: null },
        'not an entry',
      ];
      for (const poison of poisons) {
        await raw.set(key!, JSON.stringify(poison), 'PX', 60_000);
        const before = hits.get(path) ?? 0;
        const served = await read(`${origin}${path}`, readOptions());
        expect(hits.get(path)).toBe(before + 1);
        expect(served).toEqual(good);
      }
      // What the cache itself wrote back is trusted again.
      const before = hits.get(path);
      await read(`${origin}${path}`, readOptions());
      expect(hits.get(path)).toBe(before);
      expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1);
      expect(lines.find((line) => line.level === 'warn')?.msg).toMatch(/fails validation/);
    } finally {
      raw.disconnect();
      await store.close();
    }
  });
});
