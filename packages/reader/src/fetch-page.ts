import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { httpStatusError, isReadPageError, ReadPageError } from './errors.ts';
import {
  type AddressGuard,
  addressAllowed,
  blockedAddressError,
  checkLiteralHost,
  guardedLookup,
} from './guarded-lookup.ts';

export interface FetchLimits extends AddressGuard {
  userAgent: string;
  maxBytes: number;
  maxRedirects: number;
  /** Aborted at the read's deadline or by the caller; `deadline` tells which. */
  signal: AbortSignal;
  deadline: AbortSignal;
  accept: string;
  /** Called with each hop's URL before it is requested (robots.txt); throws to refuse it. */
  beforeRequest?: (url: URL) => Promise<void>;
  /** Called with the response headers before the body is read; throws to refuse it (content type). */
  checkHeaders?: (contentType: string) => void;
}

export interface FetchedBody {
  finalUrl: URL;
  status: number;
  contentType: string;
  body: Buffer;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Parses a model-given address: only absolute http(s) URLs without credentials. */
export function parseWebUrl(raw: string, what = 'That'): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ReadPageError('invalid_url', `${what} is not a web address I can open.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ReadPageError(
      'invalid_url',
      `${what} is not a web page address; I can only open http and https links.`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new ReadPageError(
      'invalid_url',
      `${what} address carries a user name or password; I do not open those.`,
    );
  }
  url.hash = '';
  return url;
}

/**
 * GETs `start`, following at most `maxRedirects` redirects by hand so every hop's address is checked,
 * and reads the body as a stream up to `maxBytes` (after decompression). Errors are `ReadPageError`s,
 * except the caller's own abort, which rejects with the caller's reason.
 */
export async function fetchPage(start: URL, limits: FetchLimits): Promise<FetchedBody> {
  let url = start;
  for (let hop = 0; ; hop++) {
    checkLiteralHost(url, limits);
    await limits.beforeRequest?.(url);
    const response = await request(url, limits);
    const location = response.headers.location;
    if (REDIRECTS.has(response.statusCode ?? 0) && location) {
      response.destroy();
      if (hop >= limits.maxRedirects) {
        throw new ReadPageError(
          'too_many_redirects',
          'That page redirects too many times; I gave up following it.',
        );
      }
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new ReadPageError('invalid_url', 'That page redirects to an address I cannot open.');
      }
      url = parseWebUrl(next.toString(), 'The page it redirects to');
      continue;
    }
    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) {
      response.destroy();
      throw httpStatusError(status);
    }
    const contentType = String(response.headers['content-type'] ?? '').trim();
    try {
      limits.checkHeaders?.(contentType);
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > limits.maxBytes) throw tooLargeError(limits.maxBytes);
    } catch (error) {
      response.destroy();
      throw error;
    }
    const body = await readBody(response, limits);
    return { finalUrl: url, status, contentType, body };
  }
}

function tooLargeError(maxBytes: number): ReadPageError {
  const megabytes = Math.max(1, Math.round(maxBytes / 1_000_000));
  return new ReadPageError('too_large', `That page is too large to read: it is over ${megabytes} megabytes.`);
}

function timeoutError(): ReadPageError {
  return new ReadPageError('timeout', 'That page took too long to load, so I stopped waiting for it.');
}

/** Maps what a failed socket or stream threw to the read's error. */
function failure(error: unknown, limits: FetchLimits): unknown {
  if (isReadPageError(error)) return error;
  if (limits.deadline.aborted) return timeoutError();
  if (limits.signal.aborted) return limits.signal.reason;
  if (typeof error === 'object' && error !== null && damagedBodies.has(error)) return damagedError(error);
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  if (isReadPageError(cause)) return cause;
  return new ReadPageError('unreachable', 'I could not reach that website.', { cause: error });
}

function request(url: URL, limits: FetchLimits): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    if (limits.signal.aborted) {
      reject(failure(undefined, limits));
      return;
    }
    const req = client.request(url, {
      method: 'GET',
      headers: {
        'user-agent': limits.userAgent,
        accept: limits.accept,
        'accept-encoding': 'gzip, deflate, br',
        'accept-language': 'en;q=0.9, *;q=0.5',
      },
      // A fresh connection per request: a pooled socket was checked for another origin.
      agent: false,
      lookup: guardedLookup(url, limits),
      signal: limits.signal,
    });
    req.on('response', (response) => {
      // The address the socket actually reached: the lookup guard decided it, this states it once more.
      const remote = response.socket.remoteAddress;
      if (remote !== undefined && !addressAllowed(remote, url, limits)) {
        response.destroy();
        reject(blockedAddressError());
        return;
      }
      resolve(response);
    });
    req.on('error', (error) => reject(failure(error, limits)));
    req.end();
  });
}

// Content codings we undo, as a server may stack them ("gzip, br"): applied in the order listed.
const DECODERS: Record<string, (() => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress) | null> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
  identity: null,
};
const MAX_CODINGS = 3;

/** Errors raised by a decoder on the bytes it was given: a damaged body, not a network failure. */
const damagedBodies = new WeakSet<object>();

function damagedError(cause: unknown): ReadPageError {
  return new ReadPageError(
    'unreadable',
    "That page's compressed content is damaged, so I could not read it.",
    {
      cause,
    },
  );
}

/** The body with its content codings undone, last applied first; refused when one is unknown. */
function decoded(response: IncomingMessage): Readable {
  const codings = String(response.headers['content-encoding'] ?? '')
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '');
  const unknown = codings.some((coding) => !Object.hasOwn(DECODERS, coding));
  if (unknown || codings.length > MAX_CODINGS) {
    throw new ReadPageError('unsupported_content', 'That page is compressed in a way I cannot read.');
  }
  let stream: Readable = response;
  let forwarded: unknown;
  response.on('error', (error) => {
    forwarded = error;
  });
  for (const coding of codings.reverse()) {
    const decoder = DECODERS[coding]?.();
    if (!decoder) continue;
    decoder.on('error', (error) => {
      if (error !== forwarded) damagedBodies.add(error);
    });
    const source = stream;
    source.on('error', (error) => decoder.destroy(error));
    stream = source.pipe(decoder);
  }
  return stream;
}

async function readBody(response: IncomingMessage, limits: FetchLimits): Promise<Buffer> {
  let stream: Readable;
  try {
    stream = decoded(response);
  } catch (error) {
    response.destroy();
    throw error;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > limits.maxBytes) throw tooLargeError(limits.maxBytes);
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    throw failure(error, limits);
  } finally {
    response.destroy();
    stream.destroy();
  }
  // A response cut short by the deadline can end without an error on some streams.
  if (limits.deadline.aborted) throw timeoutError();
  return Buffer.concat(chunks);
}

export { timeoutError, tooLargeError };
