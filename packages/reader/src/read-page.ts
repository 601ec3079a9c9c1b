import { cleanText, FIELD_LIMITS } from '@agent-search/core';
import { decodeBody } from './charset.ts';
import { ReadPageError } from './errors.ts';
import { type FetchLimits, fetchPage, parseWebUrl, timeoutError } from './fetch-page.ts';
import { CHARS_PER_TOKEN } from './fit-text.ts';
import type { HostResolver } from './guarded-lookup.ts';
import type { PageKind, PageTextInput } from './page-text.ts';
import { pageTextOffThread, prepareWorker } from './page-worker.ts';
import { ALLOW_ALL, DISALLOW_ALL, parseRobots, type RobotsRules } from './robots.ts';

/** A page's main content, ready for a model. */
export interface ReadPageResult {
  /** The URL asked for. */
  url: string;
  /** The URL the page was read from, after redirects. */
  finalUrl: string;
  /** Empty when the page names none (plain text, JSON, an HTML page without a title). */
  title: string;
  siteName?: string;
  byline?: string;
  /** ISO 8601, when the page states it. */
  publishedAt?: string;
  /**
   * Main content as Markdown (HTML pages) or as sent (plain text, JSON), from `offset`, within the budget
   * (`maxChars`, `maxTokens`). When cut, it ends with a note saying how much is left and the offset to read
   * on from. With a `question`, the passages that best answer it, best first, each headed by its offset.
   */
  text: string;
  /** True when `text` is not all of the page's text from `offset` on. */
  truncated: boolean;
  /** Where a next read (`offset`) goes on from the cut; set when `text` was cut and more follows. */
  nextOffset?: number;
  /** Length of the page's whole text, in characters: what offsets count in. */
  totalChars: number;
  /** With a `question`: the passages given, in the order given, each by offset and length in the page's text. */
  passages?: { offset: number; length: number }[];
  /** Media type of the response, without parameters: "text/html". */
  contentType: string;
}

export interface ReadPageOptions {
  /** Longest `text`, in characters, the note at the cut included; cut on a paragraph boundary. Default 20,000. */
  maxChars?: number;
  /**
   * Longest `text`, in tokens, counted as 4 characters each (English prose in common tokenizers); the
   * smaller of this and `maxChars` applies. At least 100.
   */
  maxTokens?: number;
  /** Where in the page's text to start, in characters: a previous read's `nextOffset`, or a passage's. */
  offset?: number;
  /**
   * A question the page should answer: `text` is then the page's passages ranked by how well they match it
   * (BM25 on its words, no model), best first, within the budget. At most 1,000 characters.
   */
  question?: string;
  /** Largest body read, in bytes (after decompression). Default 5 MB. */
  maxBytes?: number;
  /** Deadline for the whole read (robots.txt, redirects, body), in ms. Default 15,000. */
  timeoutMs?: number;
  /** Redirects followed, each hop checked again. Default 5. */
  maxRedirects?: number;
  /** Honour the site's robots.txt. Default true: a model chose the URL, so the site's wishes count. */
  respectRobots?: boolean;
  /** User-Agent sent, also the name matched in robots.txt. Default: `DEFAULT_USER_AGENT`. */
  userAgent?: string;
  /**
   * Origins (`http://host:port`) whose private or loopback addresses are accepted, for tests and trusted
   * intranets. Exact origins only: a redirect elsewhere is checked as usual. Default: none.
   */
  allowPrivateOrigins?: readonly string[];
  /** Resolves host names (tests, custom DNS). The addresses it gives are checked like the system's. */
  resolve?: HostResolver;
  signal?: AbortSignal;
}

export const DEFAULT_USER_AGENT =
  'agent-search-reader/0.1 (agent-search page reader; opens pages an AI assistant was asked to read)';
/** The product token robots.txt rules are matched against. */
const ROBOTS_AGENT = 'agent-search-reader';

export const READ_PAGE_DEFAULTS = {
  maxChars: FIELD_LIMITS.content,
  maxBytes: 5_000_000,
  timeoutMs: 15_000,
  maxRedirects: 5,
} as const;

const MAX_TIMER_MS = 2_147_483_647;

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const TEXT_TYPES = new Set(['text/plain', 'text/markdown', 'text/x-markdown']);

function kindOf(mediaType: string): PageKind | undefined {
  if (HTML_TYPES.has(mediaType)) return 'html';
  if (TEXT_TYPES.has(mediaType)) return 'text';
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) return 'json';
  // No Content-Type at all: decided from the body.
  if (mediaType === '') return 'html';
  return undefined;
}

function describe(mediaType: string): string {
  if (mediaType === 'application/pdf') return 'a PDF document';
  if (mediaType.startsWith('image/')) return 'an image';
  if (mediaType.startsWith('video/') || mediaType.startsWith('audio/')) return 'a media file';
  return 'a file that is not a web page';
}

function unsupported(mediaType: string): ReadPageError {
  return new ReadPageError(
    'unsupported_content',
    `That link leads to ${describe(mediaType)}, which I cannot read.`,
  );
}

function mediaTypeOf(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

const MIN_MAX_TOKENS = 100;
const MAX_QUESTION_CHARS = 1_000;

/** The longest text of a read, in characters, from `maxChars` and `maxTokens`. */
function textBudget(options: ReadPageOptions): number {
  const maxChars = positive('maxChars', options.maxChars, READ_PAGE_DEFAULTS.maxChars);
  if (options.maxTokens === undefined) return maxChars;
  const maxTokens = positive('maxTokens', options.maxTokens, MIN_MAX_TOKENS);
  if (maxTokens < MIN_MAX_TOKENS) {
    throw new RangeError(`maxTokens must be at least ${MIN_MAX_TOKENS} (got ${options.maxTokens})`);
  }
  return Math.min(maxChars, maxTokens * CHARS_PER_TOKEN);
}

function offsetOf(value: number | undefined): number {
  if (value === undefined) return 0;
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`offset must be a whole number of characters, 0 or more (got ${value})`);
  }
  return value;
}

function questionOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > MAX_QUESTION_CHARS) {
    throw new RangeError(`question must be a string of at most ${MAX_QUESTION_CHARS} characters`);
  }
  return value.trim() || undefined;
}

function redirectsAllowed(value: number | undefined): number {
  if (value === undefined) return READ_PAGE_DEFAULTS.maxRedirects;
  if (!Number.isInteger(value) || value < 0 || value > 20) {
    throw new RangeError(`maxRedirects must be an integer from 0 to 20 (got ${value})`);
  }
  return value;
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 1)
    throw new RangeError(`${name} must be a positive number (got ${value})`);
  return Math.floor(value);
}

/**
 * Reads `url` and returns its main content as Markdown, safely: only http(s); every address connected to
 * (first host and each redirect hop) must be public; at most `maxRedirects` redirects; the body is read as
 * a stream up to `maxBytes`; one deadline for everything; robots.txt honoured. Every failure is a
 * `ReadPageError` with a code, except the caller's own abort, which rejects with the caller's reason, and
 * invalid options (a `RangeError`, thrown before anything is fetched).
 */
export async function readPage(url: string, options: ReadPageOptions = {}): Promise<ReadPageResult> {
  if (typeof url !== 'string' || url.length > FIELD_LIMITS.url) {
    throw new ReadPageError('invalid_url', 'That is not a web address I can open.');
  }
  const start = parseWebUrl(url);
  const text = {
    maxChars: textBudget(options),
    offset: offsetOf(options.offset),
    question: questionOf(options.question),
  };
  const maxBytes = positive('maxBytes', options.maxBytes, READ_PAGE_DEFAULTS.maxBytes);
  const maxRedirects = redirectsAllowed(options.maxRedirects);
  const timeoutMs = positive('timeoutMs', options.timeoutMs, READ_PAGE_DEFAULTS.timeoutMs);
  // Node fires a longer timer at once (TimeoutOverflowWarning): a 30-day deadline would be none at all.
  if (timeoutMs > MAX_TIMER_MS)
    throw new RangeError(`timeoutMs must be at most ${MAX_TIMER_MS} (got ${timeoutMs})`);
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  try {
    return await readChecked({ url, start, text, maxBytes, maxRedirects, signal, deadline }, options);
  } catch (error) {
    if (ReadPageError.is(error)) throw error;
    if (options.signal?.aborted && error === options.signal.reason) throw error;
    if (deadline.aborted) throw timeoutError();
    // A bug of ours or of a parser, met on some page: still a failed read the caller can branch on.
    throw new ReadPageError('unreadable', 'Something went wrong while reading that page.', { cause: error });
  }
}

/** `readPage` once its arguments are checked; may throw what a dependency throws, `readPage` maps it. */
interface CheckedRead {
  url: string;
  start: URL;
  /** What part of the page's text to return. */
  text: Pick<PageTextInput, 'maxChars' | 'offset' | 'question'>;
  maxBytes: number;
  maxRedirects: number;
  signal: AbortSignal;
  deadline: AbortSignal;
}

async function readChecked(
  { url, start, text, maxBytes, maxRedirects, signal, deadline }: CheckedRead,
  options: ReadPageOptions,
): Promise<ReadPageResult> {
  const base = {
    userAgent: options.userAgent?.trim() || DEFAULT_USER_AGENT,
    allowPrivateOrigins: options.allowPrivateOrigins,
    resolve: options.resolve,
    signal,
    deadline,
  };
  prepareWorker();
  let kind: PageKind = 'html';
  let mediaType = '';
  const robots = new Map<string, RobotsRules>();
  const limits: FetchLimits = {
    ...base,
    maxBytes,
    maxRedirects,
    accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,application/json;q=0.8,*/*;q=0.1',
    beforeRequest:
      options.respectRobots === false
        ? undefined
        : async (hop) => {
            let rules = robots.get(hop.origin);
            if (!rules) {
              rules = await fetchRobots(hop, base);
              robots.set(hop.origin, rules);
            }
            if (rules.isAllowed(hop.toString(), ROBOTS_AGENT) === false) {
              throw new ReadPageError(
                'robots_disallowed',
                "That site's robots.txt asks automated readers not to open this page, so I did not read it.",
              );
            }
          },
    checkHeaders: (contentType) => {
      mediaType = mediaTypeOf(contentType);
      const found = kindOf(mediaType);
      if (!found) throw unsupported(mediaType);
      kind = found;
    },
  };
  const fetched = await fetchPage(start, limits);
  if (mediaType === '' && looksBinary(fetched.body)) throw unsupported('application/octet-stream');
  if (signal.aborted) throw deadline.aborted ? timeoutError() : options.signal?.reason;

  // Parsing, extraction and cleaning cost CPU a page can inflate at will: a worker thread does them, and
  // the deadline or the caller's abort ends it wherever it is.
  const input: PageTextInput = { kind, body: fetched.body, contentType: fetched.contentType, ...text };
  const page = await pageTextOffThread(input, signal).catch((error: unknown) => {
    if (ReadPageError.is(error)) throw error;
    throw deadline.aborted ? timeoutError() : options.signal?.reason;
  });
  const finalUrl = fetched.finalUrl.toString();
  return {
    url,
    finalUrl,
    ...page,
    title:
      page.title ||
      (kind === 'html'
        ? fetched.finalUrl.hostname
        : cleanText(
            fetched.finalUrl.pathname.split('/').pop() || fetched.finalUrl.hostname,
            FIELD_LIMITS.title,
          )),
    contentType: mediaType || (kind === 'html' ? 'text/html' : 'text/plain'),
  };
}

function looksBinary(body: Buffer): boolean {
  return body.subarray(0, 1024).includes(0);
}

/** The rules of `url`'s origin; a robots.txt that cannot be read allows everything, except 401/403. */
async function fetchRobots(
  url: URL,
  base: Omit<FetchLimits, 'maxBytes' | 'maxRedirects' | 'accept'>,
): Promise<RobotsRules> {
  const robotsUrl = new URL('/robots.txt', url.origin);
  try {
    const fetched = await fetchPage(robotsUrl, {
      ...base,
      maxBytes: 500_000,
      maxRedirects: 5,
      accept: 'text/plain',
    });
    const text = decodeBody(fetched.body, fetched.contentType, false);
    return parseRobots(fetched.finalUrl.toString(), text);
  } catch (error) {
    if (ReadPageError.is(error)) {
      if (error.code === 'http_status' && (error.status === 401 || error.status === 403)) return DISALLOW_ALL;
      // The deadline, a blocked address or the caller's abort end the whole read, not only robots.txt.
      if (error.code === 'timeout' || error.code === 'blocked_address') throw error;
      return ALLOW_ALL;
    }
    throw error;
  }
}
