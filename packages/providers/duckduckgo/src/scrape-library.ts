import { createRequire } from 'node:module';
import type * as DuckDuckScrape from 'duck-duck-scrape';
import type { NeedleOptions } from './needle-options.ts';

/**
 * duck-duck-scrape, the internals of it we rely on, and the `needle` it sends requests with, all loaded
 * from one place with `require`: the token hand-over below patches the same module instance the search
 * functions call into, and our own request goes through the same `needle` (so `needle.defaults()` set by
 * an application applies to it too).
 */
const require = createRequire(import.meta.url);

export interface NeedleResponse {
  statusCode?: number;
  headers: Record<string, string | string[] | undefined>;
  /** A string for text with a charset, a Buffer otherwise, parsed JSON for JSON. */
  body: unknown;
}

type Needle = (method: 'get', url: string, options: NeedleOptions) => Promise<NeedleResponse>;

interface ScrapeUtil {
  /** Fetches the vqd token for a query; searchNews/searchVideos/search call it through this object. */
  getVQD(query: string, ia?: string, options?: NeedleOptions): Promise<string>;
  VQD_REGEX: RegExp;
}

// needle as duck-duck-scrape resolves it. Its module is replaced by `boundedNeedle` before duck-duck-scrape
// loads, so duck-duck-scrape's own requests (d.js, news.js, v.js) can be held to a body limit too.
const scrapeRequire = createRequire(require.resolve('duck-duck-scrape'));
const realNeedle = scrapeRequire('needle') as Needle & {
  request(method: string, url: string, data: null, options: NeedleOptions): NeedleStream;
};

interface NeedleStream extends NodeJS.ReadableStream {
  request: { destroy(): void };
  on(event: 'response', listener: (response: NeedleResponse) => void): this;
  on(event: 'done', listener: (error?: Error) => void): this;
  on(event: 'data', listener: (chunk: Buffer | string) => void): this;
}

// Body limits, by the needle options object of the search they are for (created per search, as below).
const bodyLimits = new WeakMap<object, { limit: number; tooLarge: () => Error }>();

/** Makes needle requests made with `needleOptions` fail with `tooLarge()` once the body passes `limit` bytes. */
export function limitBodies(needleOptions: NeedleOptions, limit: number, tooLarge: () => Error): void {
  bodyLimits.set(needleOptions, { limit, tooLarge });
}

/**
 * needle, except for requests whose options were given a body limit: those are read as a stream, stopped
 * (the socket destroyed) past the limit, and answered with the body as text, unparsed (duck-duck-scrape
 * parses d.js, news.js and v.js from text itself).
 */
function boundedNeedle(this: unknown, ...args: unknown[]): Promise<NeedleResponse> {
  const [method, url, options] = args as [string, string, NeedleOptions | undefined];
  const bounds = args.length === 3 && options ? bodyLimits.get(options) : undefined;
  if (!bounds) return (realNeedle as (...a: unknown[]) => Promise<NeedleResponse>)(...args);
  return new Promise((resolve, reject) => {
    const out = realNeedle.request(method, url, null, { ...options, parse_response: false });
    let response: NeedleResponse | undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    out.on('response', (r) => {
      response = r;
    });
    out.on('data', (chunk) => {
      if (failed) return;
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > bounds.limit) {
        failed = true;
        out.request.destroy();
        reject(bounds.tooLarge());
        return;
      }
      chunks.push(bytes);
    });
    out.on('done', (error) => {
      if (failed) return;
      if (error || !response) reject(error ?? new Error('needle finished without a response'));
      else
        resolve({
          statusCode: response.statusCode,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
    });
  });
}
Object.assign(boundedNeedle, realNeedle);
const needleModule = require.cache[scrapeRequire.resolve('needle')];
if (needleModule) needleModule.exports = boundedNeedle;

export const needle: Needle = boundedNeedle as Needle;
export const duckDuckScrape: typeof DuckDuckScrape = require('duck-duck-scrape');
const util: ScrapeUtil = require('duck-duck-scrape/lib/util.js');

/** How duck-duck-scrape finds the token in the search page: `vqd='4-1234...'` (two or three parts). */
export const VQD_REGEX = util.VQD_REGEX;

// Tokens we fetched, by the needle options object of the search they are for. The object is created per
// search, so concurrent searches never see each other's token, and the entry goes with the object.
const lentTokens = new WeakMap<object, string>();
let handOverInstalled = false;

/**
 * Makes duck-duck-scrape's next search with these needle options use `token` instead of fetching its own.
 *
 * Its `vqd` search option would be the way, but its option check (`/\d-\d+-\d+/`) rejects the two-part
 * tokens DuckDuckGo issues today ("4-1719..."), so the token is handed over where the search functions ask
 * for one: `util.getVQD`, which they call through the module's exports object. Calls we did not prepare
 * (another caller of duck-duck-scrape in this process) still reach the original.
 */
export function lendVqd(needleOptions: NeedleOptions, token: string): void {
  if (!handOverInstalled) {
    const original = util.getVQD;
    if (typeof original !== 'function') {
      throw new TypeError(
        'duck-duck-scrape no longer exports getVQD from lib/util.js; the vqd hand-over needs it',
      );
    }
    util.getVQD = (query, ia, options) => {
      const lent = options ? lentTokens.get(options) : undefined;
      return lent === undefined ? original(query, ia, options) : Promise.resolve(lent);
    };
    handOverInstalled = true;
  }
  lentTokens.set(needleOptions, token);
}
