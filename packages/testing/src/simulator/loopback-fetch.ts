/** The header that tells the simulator which host a request forwarded by `loopbackFetch` was for. */
export const FORWARDED_HOST = 'x-forwarded-host';

/**
 * A `fetch` that sends every request to `origin` (a loopback server), path and query unchanged, naming the
 * host it was for in `x-forwarded-host`. A provider that calls fixed https URLs, given this as its `fetch`
 * option, reaches the simulator instead: no DNS, no TLS, nothing leaves the machine. Skipping TLS makes a
 * measured overhead stricter, never kinder.
 */
export function loopbackFetch(origin: string): typeof fetch {
  const loopback = new URL(origin);
  return (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request ? request.url : String(input));
    const target = new URL(`${url.pathname}${url.search}`, origin);
    const forwarded = request ? new Request(target, request) : new Request(target, init);
    if (url.host !== loopback.host) forwarded.headers.set(FORWARDED_HOST, url.host);
    return globalThis.fetch(forwarded, request ? init : undefined);
  };
}
