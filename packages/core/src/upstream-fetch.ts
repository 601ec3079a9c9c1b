import { raceAbort } from './abort.ts';
import {
  DEFAULT_MAX_BODY_BYTES,
  formatBytes,
  type ReadBodyOptions,
  tooLargeError,
  type UpstreamIdentity,
} from './body-limit.ts';
import { SearchError } from './errors.ts';
import { jsonShapeExcess } from './json-shape.ts';
import {
  globalFetchIsNodes,
  type NodeRequestInit,
  sendWithNodeHttp,
  type UpstreamExchange,
  type UpstreamHeaders,
} from './node-transport.ts';

export {
  DEFAULT_MAX_BODY_BYTES,
  formatBytes,
  type ReadBodyOptions,
  type UpstreamHeaders,
  type UpstreamIdentity,
};

/** Redirects followed within the configured origin before giving up. */
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A `maxBodyBytes` option checked at construction: a positive whole number of bytes, or the default. */
export function checkMaxBodyBytes(value: number | undefined): number {
  if (value === undefined) return DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new TypeError(`maxBodyBytes must be a positive whole number of bytes, got ${String(value)}`);
  }
  return value;
}

/**
 * A `baseURL` option checked at construction: an absolute http(s) URL, returned without trailing slashes.
 * The value is not echoed in the error: a URL may carry credentials.
 */
export function checkBaseUrl(value: string, what: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value.trim());
  } catch {}
  if (!url || !/^https?:$/.test(url.protocol)) throw new TypeError(`${what} must be an http(s) URL`);
  return url.href.replace(/\/+$/, '');
}

/**
 * The body of `response` as text, read as a stream and abandoned as soon as it passes `limit` bytes
 * (a declared Content-Length over the limit fails before reading anything). The signal is honoured
 * between chunks, so a slow or endless body cannot outlive the attempt's deadline.
 */
export async function readBodyLimited(response: Response, options: ReadBodyOptions): Promise<string> {
  const { signal } = options;
  const limit = options.limit ?? DEFAULT_MAX_BODY_BYTES;
  const body = response.body;
  if (signal.aborted) {
    body?.cancel().catch(() => undefined);
    throw signal.reason;
  }
  if (!body) return '';
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    body.cancel().catch(() => undefined);
    throw tooLargeError(options, limit, response.status);
  }
  const reader = body.getReader();
  let cleanup = () => {};
  // A fetch honours its own signal while the body streams; this covers fetch implementations that do not.
  const aborted = new Promise<never>((_, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    cleanup = () => signal.removeEventListener('abort', onAbort);
  });
  aborted.catch(() => undefined);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      size += value.byteLength;
      if (size > limit) throw tooLargeError(options, limit, response.status);
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel().catch(() => undefined);
    if (signal.aborted) throw signal.reason;
    throw error;
  } finally {
    cleanup();
  }
  return utf8Text(chunks, size);
}

const utf8 = new TextDecoder();

/**
 * The chunks as UTF-8 text (malformed bytes as U+FFFD), with web-standard APIs rather than Node's Buffer, so
 * a runtime without Node's globals (a Worker without nodejs_compat) reads answers too.
 */
function utf8Text(chunks: readonly Uint8Array[], size: number): string {
  if (chunks.length === 1) return utf8.decode(chunks[0]);
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return utf8.decode(whole);
}

export interface UpstreamFetchOptions extends ReadBodyOptions {
  /**
   * `fetch` to use. Default: node:http(s) while the global `fetch` is Node's own (see `preferNodeHttp`),
   * else the global `fetch` at call time.
   */
  fetch?: typeof fetch | undefined;
}

/** A fully read answer: status, headers and the body as text (at most `limit` bytes of it). */
export interface UpstreamResponse {
  status: number;
  ok: boolean;
  headers: UpstreamHeaders;
  /** Where the answer came from, after same-origin redirects. */
  url: string;
  text: string;
}

function redirectedInit(init: RequestInit, status: number): RequestInit {
  // As fetch does: 303, and 301/302 after a POST, continue as a GET without the body.
  const method = (init.method ?? 'GET').toUpperCase();
  if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
    const { body: _body, ...rest } = init;
    return { ...rest, method: 'GET' };
  }
  return init;
}

type Send = (url: URL, init: RequestInit) => Promise<UpstreamExchange>;

function sendWithFetch(fetchImpl: typeof fetch, options: ReadBodyOptions): Send {
  const { signal } = options;
  return async (url, init) => {
    // Raced with the signal: a supplied fetch that ignores it cannot hold the caller past an abort.
    const response = await raceAbort(fetchImpl(url.href, { ...init, redirect: 'manual', signal }), signal);
    return {
      status: response.status,
      headers: response.headers,
      text: () => readBodyLimited(response, options),
      discard: () => response.body?.cancel().catch(() => undefined),
    };
  };
}

/**
 * The init as node:http sends it, or undefined when it holds what only fetch sends (a stream or form
 * body, a Headers object, which loaded undici already anyway).
 */
function nodeInit(init: RequestInit): NodeRequestInit | undefined {
  const { method, headers, body } = init;
  if (body !== undefined && body !== null && typeof body !== 'string') return undefined;
  if (headers !== undefined && (typeof headers !== 'object' || Symbol.iterator in headers)) return undefined;
  const sent: NodeRequestInit['headers'] = {};
  // Lower-cased, so a caller's "User-Agent" replaces the default rather than adding a second one.
  for (const [name, value] of Object.entries(headers ?? {})) sent[name.toLowerCase()] = value;
  return { method, headers: sent, body: body ?? undefined };
}

let nodeHttpPreferred = true;

/**
 * Whether upstream requests go over node:http(s) while the global `fetch` is Node's own and no provider
 * was given a `fetch` (the default), or through the global `fetch` (`preferNodeHttp(false)`). node:http
 * spares a one-shot process loading undici (~25 ms of start-up), and every search its decoding: undici
 * decodes a compressed answer through zlib and web streams, ~2.5 ms of CPU a 44 kB DuckDuckGo page
 * against 0.1–0.2 ms for node:http's one-call decoding (the bench's CPU profiles), which made a search
 * cost 1.5× duck-duck-scrape's. A replaced global `fetch` (msw, a proxy wrapper) is always used.
 */
export function preferNodeHttp(prefer = true): void {
  nodeHttpPreferred = prefer;
}

/** How this call is sent: the given fetch, the global fetch, or node:http(s) when preferred. */
function transportFor(options: UpstreamFetchOptions): Send {
  if (options.fetch) return sendWithFetch(options.fetch, options);
  const global = sendWithFetch((input, init) => globalThis.fetch(input, init), options);
  if (!nodeHttpPreferred || !globalFetchIsNodes()) return global;
  return (url, init) => {
    const plain = nodeInit(init);
    return plain ? sendWithNodeHttp(url, plain, options) : global(url, init);
  };
}

/**
 * `fetch` for provider requests that carry credentials or a user's query: redirects are followed only
 * within the origin of `url` (a redirect elsewhere fails before anything is sent there, so an API key
 * header or body never reaches another origin), the body is read up to the limit, and the signal
 * covers the whole exchange, also with a supplied `fetch` that ignores it. Network failures and aborts
 * reject as `fetch` does (`TypeError('fetch failed')` with the socket error as `cause`); the caller maps them.
 */
export async function fetchUpstream(
  url: string,
  init: RequestInit,
  options: UpstreamFetchOptions,
): Promise<UpstreamResponse> {
  const send = transportFor(options);
  let current = new URL(url);
  const origin = current.origin;
  let currentInit = init;
  for (let redirects = 0; ; redirects++) {
    const response = await send(current, currentInit);
    const location = response.headers.get('location');
    const { status } = response;
    if (!REDIRECT_STATUSES.has(status) || location === null) {
      const text = await response.text();
      const ok = status >= 200 && status <= 299;
      return { status, ok, headers: response.headers, url: current.href, text };
    }
    response.discard();
    let target: URL | undefined;
    try {
      target = new URL(location, current);
    } catch {}
    if (!target || target.origin !== origin) {
      // Only the scheme and host are named: the rest of a hostile Location is not worth repeating.
      const where = target && /^https?:$/.test(target.protocol) ? target.host : 'an unusable address';
      throw new SearchError(
        'provider_error',
        `${options.name} redirected the request to another origin (${where}); it was not followed, so no credentials were sent there`,
        { provider: options.provider, status },
      );
    }
    if (redirects >= MAX_REDIRECTS) {
      throw new SearchError(
        'provider_error',
        `${options.name} redirected the request more than ${MAX_REDIRECTS} times`,
        { provider: options.provider, status },
      );
    }
    current = target;
    currentInit = redirectedInit(currentInit, status);
  }
}

/**
 * A `fetch` for an SDK that takes one: every call goes through `fetchUpstream` (same-origin redirects,
 * bounded body, the signal honoured while reading) and the SDK gets an already read `Response`. The
 * `SearchError`s this raises reach the SDK as rejections from fetch; the provider finds them in the
 * SDK's error `cause`.
 */
export function boundedFetch(
  options: UpstreamIdentity & { limit?: number; fetch?: typeof fetch },
): typeof fetch {
  return async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const signal = init.signal ?? new AbortController().signal;
    const answer = await fetchUpstream(url, init, { ...options, signal });
    // The SDK parses the body itself: a JSON answer past the shape limits never reaches it.
    const excess = /json/i.test(answer.headers.get('content-type') ?? '')
      ? jsonShapeExcess(answer.text)
      : undefined;
    if (excess) {
      throw new SearchError(
        'provider_error',
        `${options.name} sent a response too complex to read (an answer ${excess})`,
        {
          provider: options.provider,
          status: answer.status,
        },
      );
    }
    const headers = new Headers([...answer.headers]);
    // The body is text now: its transfer encoding and length no longer apply.
    for (const name of ['content-encoding', 'content-length', 'transfer-encoding']) headers.delete(name);
    const nullBody = answer.status === 204 || answer.status === 205 || answer.status === 304;
    return new Response(nullBody ? null : answer.text, { status: answer.status, headers });
  };
}
