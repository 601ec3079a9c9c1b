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
