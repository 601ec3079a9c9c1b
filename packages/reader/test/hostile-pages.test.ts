import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

/**
 * Reads `path`, noting in order what this thread sees: the page handed to a worker thread (Node's own
 * `Worker#postMessage`, called through), a turn of this thread's event loop taken after it, and the read's
 * end. Parsing on this thread would show no hand-off, or no turn before the end: a verdict in events, not in
 * milliseconds, so a loaded machine cannot fail it (a timed lag bound did, at load average 40).
 */
async function readNoting(path: string, extra: ReadPageOptions, onHandOff?: () => void) {
  const events: string[] = [];
  const postMessage = Worker.prototype.postMessage;
  const handOff = vi.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (
    this: Worker,
    ...args: Parameters<Worker['postMessage']>
  ) {
    postMessage.apply(this, args);
    events.push('handed to a worker');
    // Scheduled from the hand-off, so it runs at this loop's next check phase, before a reply is read.
    setImmediate(() => events.push('this thread ran'));
    onHandOff?.();
  });
  try {
    const outcome = await readPage(`${origin}${path}`, { ...options, ...extra }).then(
      (page) => ({ page, error: undefined }),
      (error: unknown) => ({ page: undefined, error }),
    );
    events.push('read ended');
    return { ...outcome, events };
  } finally {
    handOff.mockRestore();
  }
}

const OFF_THREAD = ['handed to a worker', 'this thread ran', 'read ended'];

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
    const { page, error, events } = await readNoting(path, { timeoutMs });
    expect(error).toBeUndefined();
    expect(page?.text).toContain(expected);
    expect(page?.text.length).toBeLessThanOrEqual(20_000);
    // Decoding, parsing and cleaning run on a worker thread, while this thread's event loop goes on (before,
    // it stalled for the whole extraction, 34 s on the deep page).
    expect(events).toEqual(OFF_THREAD);
  });

  it('keeps the words of a deep page within a small maxChars, not the breaks of its empty levels', async () => {
    const { page } = await readNoting('/deep-divs', { timeoutMs: 60_000, maxChars: 100 });
    expect(page?.text).toBe('deep words');
  });

  it('stops a page whose extraction outlasts the deadline, at the deadline', async () => {
    const timeoutMs = 400;
    // The code says the deadline ended it, not the extraction's end.
    const { error } = await readNoting('/flat-5mb', { timeoutMs });
    expect(ReadPageError.is(error)).toBe(true);
    expect((error as ReadPageError).code).toBe('timeout');
  });

  it('goes on serving this thread while the worker extracts: an abort then ends the read at once', async () => {
    // Seconds of Readability on the worker; this thread aborts on its first turn after the hand-off. Were the
    // extraction on this thread, the page would come back first (or never reach a worker).
    const controller = new AbortController();
    const reason = new Error('the caller moved on');
    const { page, error, events } = await readNoting(
      '/flat-5mb',
      { signal: controller.signal, timeoutMs: 60_000 },
      () => setImmediate(() => controller.abort(reason)),
    );
    expect(page).toBeUndefined();
    expect(error).toBe(reason);
    expect(events).toEqual(OFF_THREAD);
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
