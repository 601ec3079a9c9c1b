import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isSearchError } from './errors.ts';
import { isNetworkError } from './http.ts';
import { requestJsonApi } from './json-api.ts';
import { globalFetchIsNodes } from './node-transport.ts';
import { fetchUpstream, preferNodeHttp } from './upstream-fetch.ts';

// Real loopback servers: what node:http does on a socket, not a mock of it.
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const servers: Server[] = [];

async function serve(handler: Handler) {
  const seen: IncomingMessage[] = [];
  const closed: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    seen.push(req);
    res.on('close', () => closed.push(req));
    req.resume();
    handler(req, res);
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, closed };
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const who = { provider: 'acme', name: 'Acme' };
const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  return condition();
};

describe('after preferNodeHttp(false)', () => {
  beforeAll(() => preferNodeHttp(false));
  afterAll(() => preferNodeHttp());

  it('sends through the global fetch', async () => {
    const { origin, seen } = await serve((_req, res) => res.end('hello'));
    const answer = await fetchUpstream(`${origin}/q`, {}, { ...who, signal: new AbortController().signal });
    expect(answer.text).toBe('hello');
    expect(seen[0]?.headers['sec-fetch-mode']).toBe('cors');
  });
});

describe('the node:http transport (the default)', () => {
  it('is used while the global fetch is Node’s own: fetch’s own request headers are absent', async () => {
    expect(globalFetchIsNodes()).toBe(true);
    const { origin, seen } = await serve((_req, res) => res.end('hello'));
    const answer = await fetchUpstream(`${origin}/q`, {}, { ...who, signal: new AbortController().signal });
    expect(answer).toMatchObject({ status: 200, ok: true, text: 'hello' });
    // undici always sends sec-fetch-mode; node:http sends what we set.
    expect(seen[0]?.headers['sec-fetch-mode']).toBeUndefined();
    expect(seen[0]?.headers['accept-encoding']).toBe('gzip, deflate');
  });

  it('a search in a fresh Node process never loads undici', async () => {
    const { origin } = await serve((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/plain', 'x-answer': 'yes' }).end('hi'),
    );
    const module = fileURLToPath(new URL('./upstream-fetch.ts', import.meta.url));
    const script = `
      const { fetchUpstream } = await import(${JSON.stringify(module)});
      const answer = await fetchUpstream(process.argv[1], {}, { provider: 'acme', name: 'Acme', signal: AbortSignal.timeout(5000) });
      const undici = process.moduleLoadList.filter((m) => m.includes('undici'));
      console.log(JSON.stringify({ text: answer.text, header: answer.headers.get('X-Answer'), undici }));`;
    const output = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--input-type=module', '-e', script, `${origin}/q`],
        // A bound on a hung child, not on speed (testing's HANG_MS; core does not depend on testing).
        { timeout: 180_000 },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      ),
    );
    expect(JSON.parse(output)).toEqual({ text: 'hi', header: 'yes', undici: [] });
  });

  it('honours a replaced global fetch (msw, a user’s wrapper) instead of going around it', async () => {
    const { origin } = await serve((_req, res) => res.end('through fetch'));
    const original = globalThis.fetch;
    const called: string[] = [];
    globalThis.fetch = (input, init) => {
      called.push(String(input));
      return original(input, init);
    };
    try {
      expect(globalFetchIsNodes()).toBe(false);
      const answer = await fetchUpstream(`${origin}/q`, {}, { ...who, signal: new AbortController().signal });
      expect(answer.text).toBe('through fetch');
      expect(called).toEqual([`${origin}/q`]);
    } finally {
      globalThis.fetch = original;
    }
    expect(globalFetchIsNodes()).toBe(true);
  });

  it('is not used where fetch is inherited and the runtime is not Node (a Worker without nodejs_compat)', () => {
    const own = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
    const navigator = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    // workerd: `fetch` on the global scope's prototype, `navigator.userAgent` is "Cloudflare-Workers".
    Reflect.deleteProperty(globalThis, 'fetch');
    Object.defineProperty(globalThis, 'navigator', {
      value: { userAgent: 'Cloudflare-Workers' },
      configurable: true,
    });
    try {
      expect(globalFetchIsNodes()).toBe(false);
      Object.defineProperty(globalThis, 'navigator', {
        value: { userAgent: 'Node.js/24' },
        configurable: true,
      });
      expect(globalFetchIsNodes()).toBe(true);
    } finally {
      if (own) Object.defineProperty(globalThis, 'fetch', own);
      if (navigator) Object.defineProperty(globalThis, 'navigator', navigator);
      else Reflect.deleteProperty(globalThis, 'navigator');
    }
    expect(globalFetchIsNodes()).toBe(true);
  });

  it('sends a string body with its length and the caller’s headers, one of each name', async () => {
    const { origin, seen } = await serve((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => res.end(body));
    });
    const answer = await fetchUpstream(
      `${origin}/post`,
      { method: 'POST', body: 'q=héllo', headers: { 'User-Agent': 'agent/1', 'content-type': 'x/y' } },
      { ...who, signal: new AbortController().signal },
    );
    expect(answer.text).toBe('q=héllo');
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers['content-length']).toBe(String(Buffer.byteLength('q=héllo')));
    expect(seen[0]?.rawHeaders.filter((h) => h.toLowerCase() === 'user-agent')).toHaveLength(1);
    expect(seen[0]?.headers['user-agent']).toBe('agent/1');
  });

  it('follows a 303 within the origin as a GET without the body; refuses another origin unsent', async () => {
    const other = await serve((_req, res) => res.end('elsewhere'));
    const { origin, seen } = await serve((req, res) => {
      if (req.url === '/start') res.writeHead(303, { location: '/next' }).end();
      else if (req.url === '/next') res.writeHead(302, { location: `${other.origin}/steal` }).end();
      else res.end('?');
    });
    const error = await fetchUpstream(
      `${origin}/start`,
      { method: 'POST', body: 'secret=1', headers: { authorization: 'Bearer k' } },
      { ...who, signal: new AbortController().signal },
    ).catch((e: unknown) => e);
    expect(isSearchError(error) && error.message).toMatch(/redirected the request to another origin/);
    expect(seen.map((r) => [r.method, r.url])).toEqual([
      ['POST', '/start'],
      ['GET', '/next'],
    ]);
    expect(other.seen).toHaveLength(0);
  });

  it('decodes gzip, and fails a gzip bomb with the body-limit error, reading little of it', async () => {
    const page = gzipSync('<html>résultats</html>');
    const bomb = gzipSync(Buffer.alloc(16 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(32 * 1024);
    const { origin } = await serve((req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end(req.url === '/bomb' ? bomb : page);
    });
    const signal = new AbortController().signal;
    const answer = await fetchUpstream(`${origin}/page`, {}, { ...who, signal });
    expect(answer.text).toBe('<html>résultats</html>');
    // The caller's signal never aborts: only the limit can end the read, and the message says it did.
    const error = await fetchUpstream(`${origin}/bomb`, {}, { ...who, signal, limit: 1024 * 1024 }).catch(
      (e: unknown) => e,
    );
    expect(isSearchError(error) && error.message).toBe(
      'Acme sent an answer larger than 1 MB (the body limit); it was not read further',
    );
  });

  it('decodes br and deflate sent unasked, and stacked codings, last applied first', async () => {
    const text = '<html>résultats</html>'.repeat(50);
    const bodies: Record<string, [string, Buffer]> = {
      '/br': ['br', brotliCompressSync(text)],
      '/deflate': ['deflate', deflateSync(text)],
      '/stacked': ['gzip, br', brotliCompressSync(gzipSync(text))],
    };
    const { origin } = await serve((req, res) => {
      const [coding, body] = bodies[req.url ?? '']!;
      res.writeHead(200, { 'content-encoding': coding }).end(body);
    });
    for (const path of Object.keys(bodies)) {
      const answer = await fetchUpstream(
        `${origin}${path}`,
        {},
        { ...who, signal: new AbortController().signal },
      );
      expect(answer.text).toBe(text);
    }
  });

  it('a damaged compressed body fails as a network error (fetch’s "terminated"), not a crash', async () => {
    const page = gzipSync('<html>résultats</html>'.repeat(100));
    const { origin } = await serve((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' }).end(page.subarray(0, page.length - 20));
    });
    const error = await fetchUpstream(
      `${origin}/`,
      {},
      { ...who, signal: new AbortController().signal },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe('terminated');
  });

  it('bounds the compressed bytes too: endless empty gzip members fail at the limit', async () => {
    const empty = gzipSync(Buffer.alloc(0));
    const { origin } = await serve((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      // 3 MB of members that each decode to nothing.
      res.end(
        Buffer.concat(Array.from({ length: Math.ceil((3 * 1024 * 1024) / empty.length) }, () => empty)),
      );
    });
    const error = await fetchUpstream(
      `${origin}/`,
      {},
      {
        ...who,
        signal: new AbortController().signal,
        limit: 1024 * 1024,
      },
    ).catch((e: unknown) => e);
    expect(isSearchError(error) && error.message).toBe(
      'Acme sent an answer larger than 1 MB (the body limit); it was not read further',
    );
  });

  it('refuses a content encoding it cannot decode with a clear error', async () => {
    const { origin } = await serve((_req, res) =>
      res.writeHead(200, { 'content-encoding': 'zstd' }).end('x'),
    );
    const error = await fetchUpstream(
      `${origin}/`,
      {},
      { ...who, signal: new AbortController().signal },
    ).catch((e: unknown) => e);
    expect(isSearchError(error) && error.message).toBe(
      'Acme sent an answer in a content encoding that cannot be read',
    );
  });

  it('an abort while waiting for headers rejects with its reason at once and closes the socket', async () => {
    const { origin, seen, closed } = await serve(() => undefined);
    const controller = new AbortController();
    const pending = fetchUpstream(`${origin}/`, {}, { ...who, signal: controller.signal });
    expect(await until(() => seen.length === 1)).toBe(true);
    const reason = new Error('deadline');
    let settled = false;
    pending.catch(() => {
      settled = true;
    });
    controller.abort(reason);
    // "At once": settled before the event loop's next turn, whatever the machine's load.
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(true);
    await expect(pending).rejects.toBe(reason);
    expect(await until(() => closed.length === 1)).toBe(true);
  });

  it('an abort mid-body rejects with its reason at once and closes the socket', async () => {
    const { origin, closed } = await serve((_req, res) => {
      res.writeHead(200);
      res.write('partial');
    });
    const controller = new AbortController();
    const pending = fetchUpstream(`${origin}/`, {}, { ...who, signal: controller.signal });
    await new Promise((r) => setTimeout(r, 100));
    const reason = new Error('gone');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(await until(() => closed.length === 1)).toBe(true);
  });

  it('a body dripping past the deadline fails at the deadline', async () => {
    const { origin } = await serve((_req, res) => {
      res.writeHead(200);
      const timer = setInterval(() => res.write('.'), 20);
      res.on('close', () => clearInterval(timer));
    });
    // The drip never ends: only the deadline can end the read, and the error says it did.
    const error = await fetchUpstream(`${origin}/`, {}, { ...who, signal: AbortSignal.timeout(300) }).catch(
      (e: unknown) => e,
    );
    expect((error as Error).name).toBe('TimeoutError');
  });

  it('headers past Node’s 16 KB limit fail the request instead of being read', async () => {
    const { origin } = await serve((_req, res) => res.writeHead(200, { 'x-big': 'a'.repeat(40_000) }).end());
    const error = await fetchUpstream(
      `${origin}/`,
      {},
      { ...who, signal: new AbortController().signal },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe('fetch failed');
  });
});

describe('network failures map as they did over fetch', () => {
  const json = (fetchImpl: typeof fetch | undefined, url: string) =>
    requestJsonApi(
      url,
      {},
      {
        ...who,
        signal: AbortSignal.timeout(5_000),
        fetch: fetchImpl,
        httpError: () => {
          throw new Error('not an HTTP error');
        },
      },
    ).catch((e: unknown) => e);

  it('connection refused: the same unavailable error by either transport', async () => {
    const { origin } = await serve(() => undefined);
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const overNode = await json(undefined, `${origin}/`);
    const overFetch = await json(globalThis.fetch, `${origin}/`);
    expect(overNode).toMatchObject({
      code: 'unavailable',
      message: 'Acme could not be reached (network error: ECONNREFUSED)',
    });
    expect(overFetch).toMatchObject({
      code: (overNode as { code: string }).code,
      message: (overNode as Error).message,
    });
  });

  it('a connection reset before or during the body is a network error', async () => {
    const { origin } = await serve((req, res) => {
      if (req.url === '/mid-body') {
        res.writeHead(200, { 'content-length': '1000' });
        res.write('{"partial":');
        setTimeout(() => res.socket?.destroy(), 20);
      } else {
        res.socket?.destroy();
      }
    });
    for (const path of ['/before', '/mid-body']) {
      const error = await fetchUpstream(
        `${origin}${path}`,
        {},
        { ...who, signal: new AbortController().signal },
      ).catch((e: unknown) => e);
      expect(isNetworkError(error), `${path}: ${String(error)}`).toBe(true);
      expect(await json(undefined, `${origin}${path}`)).toMatchObject({ code: 'unavailable' });
    }
  });
});
