import type { ClientRequest, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { DEFAULT_MAX_BODY_BYTES, type ReadBodyOptions, tooLargeError } from './body-limit.ts';
import { SearchError } from './errors.ts';

/** The headers of an answer, whichever transport read it: `Headers` fits, so does a plain Node message's. */
export interface UpstreamHeaders extends Iterable<[string, string]> {
  /** The value of `name` (any case), repeated headers joined by ", "; null when absent. */
  get(name: string): string | null;
}

/** An answer whose status and headers have arrived and whose body is not read yet. */
export interface UpstreamExchange {
  status: number;
  headers: UpstreamHeaders;
  /** The body as text, at most the limit in bytes (after decompression), the signal honoured throughout. */
  text(): Promise<string>;
  /** Drops the body unread (a redirect). */
  discard(): void;
}

/** What node:http requests accept (see the comment where it is sent). */
export const ACCEPT_ENCODING = 'gzip, deflate';

/** The request as fetchUpstream's callers give it: only what node:http can send without fetch's classes. */
export interface NodeRequestInit {
  method?: string | undefined;
  headers?: OutgoingHttpHeaders | undefined;
  body?: string | undefined;
}

// Node's own `fetch` is a plain function whose source loads undici on first call; anything else (msw, a
// user's wrapper, a polyfill) was put there on purpose and is used. The answer is kept per function value.
let checkedFetch: unknown;
let checkedIsNodes = false;

/**
 * True when `globalThis.fetch` is Node's built-in one (or absent, on Node): then a plain node:http request does the
 * same work without loading undici (~25–80 ms on a cold start). Reading `fetch` is safe; touching
 * `Headers`, `Response` or `Request` is not: on Node 22 and 24 they are lazy data properties that load
 * undici when read, even through `Object.getOwnPropertyDescriptor`.
 */
export function globalFetchIsNodes(): boolean {
  const current: unknown = Object.getOwnPropertyDescriptor(globalThis, 'fetch')?.value;
  // Not an own data property: absent on Node (node:http is then the only way), or inherited, as in a Worker
  // (workerd keeps `fetch` on the global scope's prototype and has no node:http without nodejs_compat).
  if (current === undefined) return runsOnNode();
  if (current !== checkedFetch) {
    checkedFetch = current;
    checkedIsNodes =
      typeof current === 'function' &&
      current.name === 'fetch' &&
      Function.prototype.toString.call(current).includes('internal/deps/undici/undici');
  }
  return checkedIsNodes;
}

/**
 * Node itself, not a runtime that imitates its `process` (Bun, Deno, workerd's nodejs_compat): Node's
 * `navigator.userAgent` is `Node.js/<major>` (Node 21+), Bun's `Bun/…`, Deno's `Deno/…`, workerd's
 * `Cloudflare-Workers`.
 */
function runsOnNode(): boolean {
  const agent: unknown = (globalThis as { navigator?: { userAgent?: unknown } }).navigator?.userAgent;
  return typeof agent === 'string' && agent.startsWith('Node.js/');
}

type Client = typeof import('node:http');

/**
 * node:http or node:https, taken on the first request rather than imported with core. Not `import()`:
 * an ES module namespace reads every export, and node:http's lazy `WebSocket`/`MessageEvent` getters
 * load undici, the very cost this transport exists to avoid (also for a static import).
 */
function clientFor(url: URL): Client {
  return process.getBuiltinModule(url.protocol === 'https:' ? 'node:https' : 'node:http') as Client;
}

/** What fetch's errors look like, so the callers' network-error mapping reads both the same way. */
function fetchFailed(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

/**
 * Sends one request over node:http(s) through the global agents (keep-alive), redirects not followed,
 * and resolves when the status and headers are in. The signal destroys the socket at once, while
 * connecting, waiting for headers or reading the body, and rejects with its reason. Network failures
 * reject with `TypeError('fetch failed')` whose `cause` is Node's error (its `code`, e.g. ECONNREFUSED),
 * as fetch's do. Headers over Node's limit (16 KB) fail the request.
 */
export async function sendWithNodeHttp(
  url: URL,
  init: NodeRequestInit,
  options: ReadBodyOptions,
): Promise<UpstreamExchange> {
  const { signal } = options;
  signal.throwIfAborted();
  const client = clientFor(url);
  const headers: OutgoingHttpHeaders = {
    accept: '*/*',
    'user-agent': 'node',
    ...init.headers,
    // Codings decoded below, under the body limit. Not br: on search pages (5–50 kB) gzip decodes in
    // about two thirds of br's CPU (0.10–0.14 ms against 0.15–0.24 ms for a 44 kB page) for 10% more
    // bytes (6.5 kB against 6.0 kB); br is still decoded when a server sends it unasked.
    'accept-encoding': ACCEPT_ENCODING,
  };
  if (init.body !== undefined) {
    headers['content-type'] ??= 'text/plain;charset=UTF-8';
    headers['content-length'] = Buffer.byteLength(init.body);
  }
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    let request: ClientRequest;
    const onAbort = () => {
      request.destroy();
      reject(signal.reason);
    };
    try {
      request = client.request(url, { method: init.method ?? 'GET', headers });
    } catch (error) {
      // An invalid header name or value: the request could not be made, as fetch's TypeError says.
      reject(fetchFailed(error));
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    request.on('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      reject(fetchFailed(error));
    });
    request.on('response', (message) => {
      signal.removeEventListener('abort', onAbort);
      resolve(message);
    });
    request.end(init.body);
  });
  return {
    status: response.statusCode ?? 0,
    headers: messageHeaders(response),
    text: () => readMessage(response, options),
    discard: () => response.destroy(),
  };
}

function messageHeaders(message: IncomingMessage): UpstreamHeaders {
  const raw = message.headers;
  const value = (name: string): string | null => {
    const found = raw[name.toLowerCase()];
    if (found === undefined) return null;
    return Array.isArray(found) ? found.join(', ') : found;
  };
  return {
    get: value,
    *[Symbol.iterator]() {
      for (const name of Object.keys(raw)) {
        const found = value(name);
        if (found !== null) yield [name, found];
      }
    },
  };
}

// Content codings undone, as a server may stack them ("gzip, br"): last applied first. One call over the
// whole body, not a stream: for answers of 5–50 kB a zlib stream's set-up and 16 KB hand-offs cost 3–4×
// the decoding itself (0.9–1.1 ms against 0.2–0.3 ms a 44 kB page, measured in the bench's CPU profiles).
const DECODERS = {
  gzip: 'gunzipSync',
  'x-gzip': 'gunzipSync',
  deflate: 'inflateSync',
  br: 'brotliDecompressSync',
} as const;
// More stacked codings than this is hostile, not a server's configuration.
const MAX_CODINGS = 2;

function codingsOf(message: IncomingMessage): (keyof typeof DECODERS)[] | undefined {
  const codings = (message.headers['content-encoding'] ?? '')
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (codings.length > MAX_CODINGS || !codings.every((coding) => Object.hasOwn(DECODERS, coding))) {
    return undefined;
  }
  return codings as (keyof typeof DECODERS)[];
}

/**
 * The message's body as text, decoded, and abandoned (socket destroyed) as soon as it passes the limit:
 * a declared Content-Length over it fails before reading, the bytes on the wire are held to it as they
 * come, and a compressed body is decoded once whole with its output held to the limit too (zlib stops
 * there), so a decompression bomb fails like a huge body after work bounded by the limit.
 */
async function readMessage(message: IncomingMessage, options: ReadBodyOptions): Promise<string> {
  const { signal } = options;
  const limit = options.limit ?? DEFAULT_MAX_BODY_BYTES;
  const status = message.statusCode ?? 0;
  if (signal.aborted) {
    message.destroy();
    throw signal.reason;
  }
  const declared = Number(message.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    message.destroy();
    throw tooLargeError(options, limit, status);
  }
  const codings = codingsOf(message);
  if (!codings) {
    message.destroy();
    throw new SearchError(
      'provider_error',
      `${options.name} sent an answer in a content encoding that cannot be read`,
      { provider: options.provider, status },
    );
  }
  const onAbort = () => message.destroy();
  signal.addEventListener('abort', onAbort, { once: true });
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of message) {
      size += (chunk as Buffer).byteLength;
      if (size > limit) throw tooLargeError(options, limit, status);
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (SearchError.is(error)) throw error;
    // A reset mid-body ("aborted", ECONNRESET): fetch's "terminated".
    throw new TypeError('terminated', { cause: error });
  } finally {
    signal.removeEventListener('abort', onAbort);
    message.destroy();
  }
  // An abort between the last chunk and here: the caller gave up, its reason wins.
  if (signal.aborted) throw signal.reason;
  const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
  return decode(body, codings, limit, () => tooLargeError(options, limit, status)).toString('utf8');
}

/** `body` with `codings` undone, its output at most `limit` bytes; a damaged body fails as fetch's "terminated". */
function decode(
  body: Buffer,
  codings: readonly (keyof typeof DECODERS)[],
  limit: number,
  tooLarge: () => SearchError,
): Buffer {
  if (codings.length === 0) return body;
  const zlib = process.getBuiltinModule('node:zlib');
  let decoded = body;
  for (const coding of [...codings].reverse()) {
    try {
      decoded = zlib[DECODERS[coding]](decoded, { maxOutputLength: limit });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
      throw new TypeError('terminated', { cause: error });
    }
  }
  return decoded;
}
