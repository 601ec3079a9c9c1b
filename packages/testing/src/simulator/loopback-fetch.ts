/**
 * A `fetch` that sends every request to `origin` (a loopback server), path and query unchanged. The
 * DuckDuckGo provider calls fixed https URLs for its token page, d.js, news.js and v.js; given this as
 * its `fetch` option, those requests reach the simulator instead: no DNS, no TLS, nothing leaves the
 * machine. Skipping TLS makes a measured overhead stricter, never kinder.
 */
export function loopbackFetch(origin: string): typeof fetch {
  return (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request ? request.url : String(input));
    const target = new URL(`${url.pathname}${url.search}`, origin);
    return globalThis.fetch(request ? new Request(target, request) : target, init);
  };
}
