import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

/**
 * `fetch` for the MCP SDK's HTTP client that connects from another loopback address (127.0.0.2, …), so
 * one test machine plays several clients. Plain node:http: fetch cannot choose its source address.
 */
export function fetchFrom(localAddress: string): FetchLike {
  return (url, init = {}) =>
    new Promise((resolve, reject) => {
      const headers = new Headers(init.headers);
      const req = httpRequest(
        url,
        {
          method: init.method ?? 'GET',
          headers: Object.fromEntries(headers),
          localAddress,
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (res) => {
          const out = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) out.set(name, Array.isArray(value) ? value.join(', ') : value);
          }
          const status = res.statusCode ?? 500;
          const empty = status === 204 || status === 304 || init.method === 'HEAD';
          if (empty) res.resume();
          const body = empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
          resolve(new Response(body, { status, headers: out }));
        },
      );
      req.on('error', reject);
      req.end(typeof init.body === 'string' ? init.body : undefined);
    });
}
