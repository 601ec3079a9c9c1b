import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ReadPageOptions, readPage } from '@agent-search/reader';
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
