import { once } from 'node:events';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export interface LoopbackSite {
  /** `http://127.0.0.1:<port>`, once the file's tests run. */
  readonly origin: string;
}

/** A web site on loopback for this file's tests: `serve` answers every request; closed after the tests. */
export function useLoopbackSite(serve: RequestListener): LoopbackSite {
  const server = createServer(serve);
  let origin: string | undefined;
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    get origin() {
      if (!origin) throw new Error('the loopback site starts before the tests (in beforeAll)');
      return origin;
    },
  };
}

/** Serves `html` at every path, and a robots.txt that allows every crawler everywhere. */
export function servePage(html: string): RequestListener {
  return (req, res) => {
    if (req.url === '/robots.txt')
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  };
}

/** An article among navigation and a cookie banner: what a reader keeps, and what it drops. */
export const TIDES_ARTICLE = `<!doctype html><html><head><title>Tides explained</title></head><body>
<nav><a href="/">Home</a> <a href="/science">Science</a></nav>
<div class="cookie-banner">We use cookies. <button>Accept</button></div>
<article><h1>Tides explained</h1>
<p>Tides are the rise and fall of the sea, driven mostly by the Moon's gravity pulling on the oceans.</p>
<p>Most coasts see two high tides a day, about twelve hours and twenty-five minutes apart.</p>
<p>Spring tides, the largest, come when the Sun and the Moon line up at new and full moon.</p>
</article><footer>© Example Science</footer></body></html>`;

/** Serves each page of `pages` at its path (404 elsewhere), and a robots.txt that allows everything. */
export function servePages(pages: Record<string, string>): RequestListener {
  return (req, res) => {
    const page = pages[req.url ?? ''];
    if (req.url === '/robots.txt')
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    else if (page === undefined) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  };
}

/** A page its scripts build in the browser: nothing to read without running them (`no_content`). */
export const SCRIPT_BUILT_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Photo gallery</title>
<script src="/static/app.js" defer></script></head><body><div id="root"></div>
<noscript>You need to enable JavaScript to run this app.</noscript><img src="/static/logo.png" alt=""></body></html>`;

/** The last paragraph of `LONG_ARTICLE`, the only one about the lighthouse. */
export const LONG_ARTICLE_ANSWER =
  "The lighthouse keeper's cottage on the breakwater became a maritime museum in 1987, two years after the light was automated.";

/** A history of a harbour, about 15,000 characters of text: a section per decade, the lighthouse last. */
export const LONG_ARTICLE = `<!doctype html><html><head><meta charset="utf-8"><title>A working harbour</title></head><body>
<nav><a href="/">Home</a></nav><article><h1>A working harbour</h1>
${Array.from(
  { length: 20 },
  (_, i) =>
    `<h2>The ${1800 + i * 10}s</h2><p>In the ${1800 + i * 10}s the quays handled timber and coal, loaded by hand from carts that queued along the harbour road; the board's ledgers record ${150 + i * 9} vessels in a good year.</p><p>The board spent its dues on dredging and on the walls, and paid ${30 + i} masons through the winter, when the boats stayed in and the fish market was quiet.</p><p>Families on the harbour streets lived by the tides and the seasons, and the chapel on the hill counted ${200 + i * 13} people at its services.</p>`,
).join('\n')}
<p>${LONG_ARTICLE_ANSWER}</p></article></body></html>`;
