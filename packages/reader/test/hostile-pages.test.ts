import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostResolver, ReadPageError, type ReadPageOptions, readPage } from '../src/index.ts';

// Pages built to make a parser, an extractor or a cleaner slow, as a hostile site would serve them.
const PAGES: Record<string, string> = {
  '/deep-divs': `<!doctype html><html><body>${'<div>'.repeat(2_000)}deep words${'</div>'.repeat(2_000)}</body></html>`,
  '/nested-list': `<html><body>${'<ul><li>item '.repeat(3_500)}</body></html>`.slice(0, 45_000),
  '/open-comments': `<html><body><p>before</p>${'<!--'.repeat(80_000)}</body></html>`,
  '/nested-5mb': `<html><body>${'<div><span><b>x '.repeat(310_000)}</body></html>`,
  // Flat, not nested: linear work, but seconds of it for Readability on a 5 MB page.
  '/flat-5mb': `<html><head><title>Big</title></head><body>${`<p>${'A long sentence of an article. '.repeat(8)}</p>`.repeat(19_000)}</body></html>`,
};

let server: Server;
let origin: string;
let options: ReadPageOptions;

const resolve: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];

beforeAll(async () => {
  server = createServer((req, res) => {
    const page = PAGES[req.url ?? ''];
    if (page === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://hostile.test:${(server.address() as AddressInfo).port}`;
  options = { resolve, allowPrivateOrigins: [origin], respectRobots: false };
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
});

/** Reads `path`, measuring the longest stall of this thread's event loop meanwhile. */
async function timedRead(path: string, extra: ReadPageOptions) {
  let lag = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    lag = Math.max(lag, now - last - 10);
    last = now;
  }, 10);
  const outcome = await readPage(`${origin}${path}`, { ...options, ...extra }).then(
    (page) => ({ page, error: undefined }),
    (error: unknown) => ({ page: undefined, error }),
  );
  clearInterval(ticker);
  return { ...outcome, lag };
}

describe('readPage on pages built to be slow', () => {
  it.each([
    ['/deep-divs', 'deep words'],
    ['/nested-list', 'item'],
    ['/open-comments', 'before'],
    ['/nested-5mb', 'x\n\nx\n\nx'],
  ])('reads %s within its deadline, off the event loop', async (path, expected) => {
    // A deadline no busy machine reaches (5 s was, at load average 40): the verdict is that the page is
    // read, whole and bounded, not how fast.
    const timeoutMs = 60_000;
    // No error: read within its deadline (past it, the read ends in a timeout).
    const { page, error, lag } = await timedRead(path, { timeoutMs });
    expect(error).toBeUndefined();
    expect(page?.text).toContain(expected);
    expect(page?.text.length).toBeLessThanOrEqual(20_000);
    // Decoding, parsing and cleaning run on a worker thread: this thread's timers keep firing (before, they
    // stalled for the whole extraction, 34 s on the deep page). The bound allows for a busy 2-core machine.
    expect(lag).toBeLessThan(250);
  });

  it('keeps the words of a deep page within a small maxChars, not the breaks of its empty levels', async () => {
    const { page } = await timedRead('/deep-divs', { timeoutMs: 60_000, maxChars: 100 });
    expect(page?.text).toBe('deep words');
  });

  it('stops a page whose extraction outlasts the deadline, at the deadline', async () => {
    const timeoutMs = 400;
    // The code says the deadline ended it, not the extraction's end.
    const { error, lag } = await timedRead('/flat-5mb', { timeoutMs });
    expect(ReadPageError.is(error)).toBe(true);
    expect((error as ReadPageError).code).toBe('timeout');
    expect(lag).toBeLessThan(250);
  });

  it("stops it at the caller's abort, with the caller's reason", async () => {
    const controller = new AbortController();
    const reason = new Error('the user hung up');
    setTimeout(() => controller.abort(reason), 300);
    // The caller's reason, not a page: the abort ended the read before the extraction did.
    const error = await readPage(`${origin}/flat-5mb`, { ...options, signal: controller.signal }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBe(reason);
  });
});
