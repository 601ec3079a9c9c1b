import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isSearchError } from './errors.ts';
import {
  boundedFetch,
  checkMaxBodyBytes,
  DEFAULT_MAX_BODY_BYTES,
  fetchUpstream,
  readBodyLimited,
} from './upstream-fetch.ts';

// Real loopback servers: redirects, streaming and aborts are what undici does on a socket, not a mock.
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const servers: Server[] = [];

async function serve(handler: Handler): Promise<{ origin: string; seen: IncomingMessage[] }> {
  const seen: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    seen.push(req);
    req.resume();
    handler(req, res);
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** Streams `total` bytes in 64 KB writes as fast as the client reads; returns the bytes actually written. */
function streamBytes(total: number, headers: Record<string, string> = {}) {
  const state = { written: 0 };
  const handler: Handler = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', ...headers });
    const block = Buffer.alloc(65_536, 'a');
    const pump = () => {
      while (state.written < total && !res.destroyed) {
        state.written += block.length;
        if (!res.write(block)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end();
    };
    pump();
  };
  return { state, handler };
}

const who = { provider: 'acme', name: 'Acme' };

describe('readBodyLimited', () => {
  it('reads a body under the limit as text', async () => {
    const { origin } = await serve((_req, res) => res.end('{"ok":"héllo"}'));
    const response = await fetch(origin);
    await expect(readBodyLimited(response, { ...who, signal: AbortSignal.timeout(5_000) })).resolves.toBe(
      '{"ok":"héllo"}',
    );
  });

  it('decodes UTF-8 split across chunks whole, and malformed bytes as U+FFFD', async () => {
    const bytes = new TextEncoder().encode('{"ok":"héllo €"}');
    const cut = bytes.indexOf(0xa9); // inside "é": its second byte starts the next chunk
    const chunks = [
      bytes.slice(0, cut),
      bytes.slice(cut, cut + 9),
      bytes.slice(cut + 9),
      Uint8Array.of(0xff),
    ];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    await expect(
      readBodyLimited(new Response(body), { ...who, signal: AbortSignal.timeout(5_000) }),
    ).resolves.toBe('{"ok":"héllo €"}\uFFFD');
  });

  it('stops reading past the limit: a 100 MB stream is abandoned after a few MB', async () => {
    const { state, handler } = streamBytes(100 * 1024 * 1024);
    const { origin } = await serve(handler);
    const response = await fetch(origin);
    const error = await readBodyLimited(response, {
      ...who,
      limit: 1024 * 1024,
      signal: AbortSignal.timeout(10_000),
    }).catch((e: unknown) => e);
    expect(isSearchError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'provider_error', provider: 'acme', status: 200 });
    expect((error as Error).message).toBe(
      'Acme sent an answer larger than 1 MB (the body limit); it was not read further',
    );
    // Socket buffers let the server get ahead of the reader a little, never by the 99 MB left.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(state.written).toBeLessThan(20 * 1024 * 1024);
  });

  it('fails at once when Content-Length declares more than the limit', async () => {
    const { state, handler } = streamBytes(8 * 1024 * 1024, { 'content-length': String(8 * 1024 * 1024) });
    const { origin } = await serve(handler);
    const response = await fetch(origin);
    const error = await readBodyLimited(response, {
      ...who,
      limit: 4 * 1024 * 1024,
      signal: AbortSignal.timeout(10_000),
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'provider_error', message: expect.stringContaining('4 MB') });
    expect(state.written).toBeLessThan(8 * 1024 * 1024);
  });

  it('rejects with the signal reason when the deadline passes while a slow body drips', async () => {
    const { origin } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => res.write(' '), 20);
      res.once('close', () => clearInterval(timer));
    });
    const response = await fetch(origin);
    const signal = AbortSignal.timeout(300);
    // The drip never ends: only the deadline can end the read, and the reason says it did.
    const error = await readBodyLimited(response, { ...who, signal }).catch((e: unknown) => e);
    expect(error).toBe(signal.reason);
  });

  it('the default limit is 5 MB; maxBodyBytes options must be positive whole numbers', () => {
    expect(DEFAULT_MAX_BODY_BYTES).toBe(5 * 1024 * 1024);
    expect(checkMaxBodyBytes(undefined)).toBe(DEFAULT_MAX_BODY_BYTES);
    expect(checkMaxBodyBytes(1_000)).toBe(1_000);
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => checkMaxBodyBytes(bad)).toThrow(/maxBodyBytes must be a positive whole number/);
    }
  });
});

describe('fetchUpstream redirects', () => {
  it('refuses a redirect to another origin before sending anything there', async () => {
    const elsewhere = await serve((_req, res) => res.end('{}'));
    const { origin } = await serve((_req, res) =>
      res.writeHead(307, { location: `${elsewhere.origin}/steal` }).end(),
    );
    const error = await fetchUpstream(
      `${origin}/search`,
      { method: 'POST', headers: { 'x-api-key': 'secret-key-123' }, body: '{"q":1}' },
      { ...who, signal: AbortSignal.timeout(5_000) },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'provider_error', provider: 'acme', status: 307 });
    expect((error as Error).message).toMatch(
      /Acme redirected the request to another origin \(127\.0\.0\.1:\d+\)/,
    );
    expect(elsewhere.seen).toHaveLength(0);
  });

  it('follows a redirect within the origin, keeping method, headers and body for a 307', async () => {
    const bodies: string[] = [];
    const { origin, seen } = await serve((req, res) => {
      if (req.url === '/old') return void res.writeHead(307, { location: '/new' }).end();
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        bodies.push(body);
        res.end('{"ok":true}');
      });
    });
    const answer = await fetchUpstream(
      `${origin}/old`,
      { method: 'POST', headers: { 'x-api-key': 'k' }, body: '{"q":1}' },
      { ...who, signal: AbortSignal.timeout(5_000) },
    );
    expect(answer).toMatchObject({ status: 200, ok: true, text: '{"ok":true}', url: `${origin}/new` });
    expect(seen.map((r) => [r.method, r.url, r.headers['x-api-key']])).toEqual([
      ['POST', '/old', 'k'],
      ['POST', '/new', 'k'],
    ]);
    expect(bodies.at(-1)).toBe('{"q":1}');
  });

  it('gives up after five redirects', async () => {
    let n = 0;
    const { origin } = await serve((_req, res) => res.writeHead(302, { location: `/r${++n}` }).end());
    const error = await fetchUpstream(origin, {}, { ...who, signal: AbortSignal.timeout(5_000) }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      code: 'provider_error',
      message: expect.stringMatching(/more than 5 times/),
    });
  });
});

describe('fetchUpstream and the signal', () => {
  it('releases the caller at the abort even when the supplied fetch ignores its signal', async () => {
    const controller = new AbortController();
    const deaf: typeof fetch = () => new Promise<Response>(() => undefined);
    const pending = fetchUpstream(
      'https://api.example.test/search',
      {},
      { provider: 'test', name: 'Test', fetch: deaf, signal: controller.signal },
    );
    const reason = new Error('deadline');
    setTimeout(() => controller.abort(reason), 20);
    await expect(pending).rejects.toBe(reason);
  });
});

describe('boundedFetch', () => {
  it('hands an SDK a read Response, and rejects with the SearchError when the body is too large', async () => {
    const small = await serve((_req, res) =>
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"a":1}'),
    );
    const boundedSmall = boundedFetch({ ...who, limit: 1024 });
    const response = await boundedSmall(small.origin, { signal: AbortSignal.timeout(5_000) });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ a: 1 });

    const { handler } = streamBytes(4 * 1024 * 1024);
    const big = await serve(handler);
    const error = await boundedSmall(big.origin, { signal: AbortSignal.timeout(5_000) }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'provider_error', message: expect.stringContaining('1 KB') });
  });
});
