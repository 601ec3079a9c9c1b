import { decodeHTML } from 'entities';

/** Upper bounds on result fields, so one hostile page cannot flood a model's context. */
export const FIELD_LIMITS = {
  title: 300,
  snippet: 1_000,
  /** Page text, only sent when asked for: enough for a statute's article or a judgment's verdict. */
  content: 20_000,
  source: 120,
  url: 2_048,
  /** A provider's own answer text (an LLM vendor's search answers in prose beside its citations). */
  answer: 4_000,
  other: 200,
} as const;

// Terminal escape sequences, removed whole so their payload (a window title, a colour) goes with them:
// CSI (ESC [ or the 8-bit CSI), OSC up to BEL or ST, and two-byte ESC sequences.
const ESCAPE_SEQUENCE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  /(?:\u001B\[|\u009B)[0-?]*[ -/]*[@-~]|\u001B\][^\u0007\u001B]*(?:\u0007|\u001B\\)?|\u001B[@-Z\\-_]/g;
// C0/C1 control characters (tab and newline are whitespace), bidirectional overrides, embeddings,
// isolates and marks, zero-width and invisible formatting characters.
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/gu;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// Every character a step of `printableText` acts on: without one, its four passes would change nothing.
const NOT_PRINTABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: controls are what it looks for
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u180E\u200B-\u200F\u2028-\u202E\u2060-\u2069\uD800-\uDFFF\uFEFF]/;
// Block-level tags separate words; inline ones (<b>, <em>, <a>) sit inside them: "I/O</b>," stays "I/O,".
const BLOCK_TAG =
  /<\/?(?:p|div|br|hr|li|ul|ol|tr|td|th|table|h[1-6]|section|article|header|footer|blockquote|pre)\b[^<>]*>/gi;
// `[^<>]*` stops at the next bracket, so a run of unclosed `<a` costs one look at each character. Comments
// are not a pattern: a lazy `<!--[\s\S]*?-->` searches to the end from each unclosed `<!--` (quadratic).
const TAG = /<\/?[a-zA-Z][^<>]*>/g;
// "[3]", "［9］", "[٣]": in a field they read as a citation of another result, so a snippet could forge one.
// Markdown escapes them ("\[1\]", as page text converted to Markdown writes them): those go too.
const CITATION_MARK = /\\?[[［]\s*\p{Nd}+\s*\\?[\]］]/gu;
// What a pass can act on in text it has already been through (escape sequences start with ESC or CSI); see
// `plainText`. A `<` acts only as the start of a tag or comment, a `&` only as the start of an entity (a name
// or `#`): "Q&A", "AT&T" and "a < b" need no second pass.
// biome-ignore lint/suspicious/noControlCharactersInRegex: ESC and CSI are what it looks for
const PASS_CHANGES = /[[［\u001B\u009B]|&[#A-Za-z]|<[!/A-Za-z]/;
// After the last pass, any of these marks text built to outlast the passes (see `plainText`).
// biome-ignore lint/suspicious/noControlCharactersInRegex: ESC and CSI are what it looks for
const OUTLASTS_PASSES = /[<&[［\u001B\u009B]/;
// Every character any cleaning step acts on (markup as above, citation brackets, controls and escape
// sequences, invisible and bidirectional characters, surrogates, \uFFFE/\uFFFF, whitespace other than a
// single space), and the spaces it would collapse or trim. Most text from a JSON API, and all of it from our
// own cache, has none: one scan then replaces the dozen passes that would each change nothing (five results
// from a JSON API normalize in 0.31–0.37× the time, a cache hit's in 0.21–0.34×: medians of six paired runs, 2-core dev
// machine, 2026-11). A surrogate pair (an emoji) takes the passes, as a lone one must.
const MAY_CHANGE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: controls are among what it looks for
  /[[［\u0000-\u001F\u007F-\u00A0\u061C\u1680\u180E\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\uD800-\uDFFF\uFEFF\uFFFE\uFFFF]|&[#A-Za-z]|<[!/A-Za-z]| {2}|^ | $/;
// The same without markup and brackets, for a line that keeps them (a view that escapes them).
const MAY_CHANGE_PRINTABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: controls are among what it looks for
  /[\u0000-\u001F\u007F-\u00A0\u061C\u1680\u180E\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\uD800-\uDFFF\uFEFF\uFFFE\uFFFF]| {2}|^ | $/;
// Nesting deeper than this ("<scr<scr<script>ipt>ipt>") is built to outlast the passes: its brackets go.
const MAX_PASSES = 6;

/**
 * Text that prints as what it says: terminal escape sequences, controls, bidirectional and zero-width
 * characters and lone surrogates removed; line breaks (`\r`, U+2028/2029) become `\n`. Markup is left
 * alone: for views that escape it (XML, JSON). `plainText` does this and more.
 */
export function printableText(value: string): string {
  if (!NOT_PRINTABLE.test(value)) return value;
  // A carriage return alone rewinds a terminal line, to print over what came before it.
  return value
    .replace(LONE_SURROGATE, '')
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(ESCAPE_SEQUENCE, '')
    .replace(INVISIBLE, '');
}

/** `text` without its `<!-- … -->` comments and unclosed `<!--` markers, in one left-to-right scan. */
function withoutComments(text: string): string {
  let kept = '';
  let at = 0;
  for (;;) {
    const open = text.indexOf('<!--', at);
    if (open === -1) break;
    const close = text.indexOf('-->', open + 4);
    // Unclosed: no later `<!--` can close either, so the search ends here, having read the text once. The
    // words after it stay (it may be a stray marker, not a comment); the markers go.
    if (close === -1) return kept + text.slice(at).replaceAll('<!--', ' ');
    kept += text.slice(at, open);
    at = close + 3;
  }
  return at === 0 ? text : kept + text.slice(at);
}

function onePass(text: string): string {
  const withoutTags = withoutComments(text.replace(ESCAPE_SEQUENCE, ''))
    .replace(BLOCK_TAG, ' ')
    .replace(TAG, '');
  return printableText(decodeHTML(withoutTags)).replace(CITATION_MARK, '');
}

/**
 * Text from outside made safe to show a person or a model: tags stripped and entities decoded until
 * neither changes anything (so `<scr<script>ipt>` and `&lt;script&gt;` cannot become a live tag),
 * terminal escape sequences, controls, bidirectional and zero-width characters removed, citation-like
 * `[n]` marks dropped. Each pass is linear in the length of `value` (no pattern backtracks over more than
 * the run it matched), and the passes are capped, so any input costs a bounded number of looks per character.
 */
export function plainText(value: string): string {
  let text = value;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = onePass(text);
    // Text without these characters goes through a pass unchanged (no tag, comment, entity, escape
    // sequence or citation mark can start, and the pass left no control or lone surrogate), so the pass
    // that would prove it is skipped: a title with <b> tags or a snippet saying "Q&A" costs one pass, not
    // two. After the last pass the coarser test decides which text loses its brackets, as it always has.
    if (next === text || !(pass < MAX_PASSES - 1 ? PASS_CHANGES : OUTLASTS_PASSES).test(next)) return next;
    text = next;
  }
  return onePass(text).replace(/[<>[\]［］]/g, ' ');
}

/**
 * Plain text from a provider field (see `plainText`), whitespace collapsed, cut at `max` characters (on
 * a word boundary when one is near, with an ellipsis). Every piece of outside text goes through here.
 */
export function cleanText(value: unknown, max: number = FIELD_LIMITS.other): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  // Cut before cleaning, never after: cleaning only shrinks text (tags, entities and controls go), and what
  // lies past four times the limit is not read at all, however it is built.
  const cut = String(value).slice(0, Math.max(max, 200) * 4);
  if (isCleanLine(cut)) return truncate(cut, max);
  return truncate(collapseWhitespace(plainText(cut)).trim(), max);
}

// A run of whitespace that is not already one space: replacing every run, a text of N words is N−1 matches
// rebuilt into a new string; this way it is none. `\s` is the same set without the `u` flag, and cheaper.
const WHITESPACE_TO_COLLAPSE = /\s{2,}|[^\S ]/g;

/** `text` with each run of whitespace (line breaks, tabs, no-break spaces…) made one space. */
export function collapseWhitespace(text: string): string {
  return text.replace(WHITESPACE_TO_COLLAPSE, ' ');
}

/**
 * True when no cleaning step would change `text`: `plainText`, `cleanText` (short of its cut) and the
 * views' one-line fields return it as it is. A single linear scan, so a caller can skip the passes.
 */
export function isCleanLine(text: string): boolean {
  return !MAY_CHANGE.test(text);
}

/** True when `printableText` and the views' one-line step (markup kept) would return `text` as it is. */
export function isPrintableLine(text: string): boolean {
  return !MAY_CHANGE_PRINTABLE.test(text);
}

export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  // Never split a surrogate pair: half an emoji is a lone surrogate, which XML and some terminals reject.
  const end = /[\uD800-\uDBFF]/.test(text[max - 2] ?? '') ? max - 2 : max - 1;
  const cut = text.slice(0, end);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.7 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * An absolute http(s) URL of at most `FIELD_LIMITS.url` characters once encoded, or undefined. Anything
 * else (javascript:, data:, relative, longer) is dropped.
 */
export function cleanUrl(value: unknown): string | undefined {
  return httpUrl(value)?.href;
}

/** `cleanUrl`'s URL, parsed: for a caller that also wants its parts (one parse, not two). */
export function httpUrl(value: unknown): URL | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > FIELD_LIMITS.url) return undefined;
  const url = URL.parse(trimmed.startsWith('//') ? `https:${trimmed}` : trimmed);
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') return undefined;
  // The limit holds for the URL as written out (percent-encoded: one "€" is nine characters), which is
  // what every reader, a bot's memory on another process included, checks again.
  if (url.href.length > FIELD_LIMITS.url) return undefined;
  return url;
}

/** The site a URL belongs to, without "www.": "https://www.bbc.co.uk/news" → "bbc.co.uk". */
export function siteOf(url: string | URL): string {
  const host = typeof url === 'string' ? URL.parse(url)?.hostname : url.hostname;
  return host?.replace(/^www\./, '') ?? '';
}

const NAIVE_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number written in `digits` ASCII digits at `at`; NaN when one is not a digit. */
function digitsAt(text: string, at: number, digits: number): number {
  let n = 0;
  for (let i = at; i < at + digits; i++) {
    const digit = text.charCodeAt(i) - 48;
    n = digit >= 0 && digit <= 9 ? n * 10 + digit : Number.NaN;
  }
  return n;
}

/**
 * Epoch milliseconds of "YYYY-MM-DDTHH:mm[:ss[.f…]][Z]" read as UTC, the form APIs and our own answers
 * mostly send, without Date's string parser (a good part of a normalization's time). NaN for any other
 * text, and for what Date would roll over or read otherwise (30 February, hour 24, years before 1000):
 * the caller then asks Date, so the answer is Date's in every case.
 */
export function readIsoDateTime(text: string): number {
  const length = text.length;
  if (length < 16 || text[4] !== '-' || text[7] !== '-' || text[10] !== 'T' || text[13] !== ':') {
    return Number.NaN;
  }
  const end = text[length - 1] === 'Z' ? length - 1 : length;
  let second = 0;
  let ms = 0;
  if (end > 16) {
    if (text[16] !== ':' || end < 19) return Number.NaN;
    second = digitsAt(text, 17, 2);
    if (end > 19) {
      // Date reads the first three digits of a fraction of any length (".5" is 500 ms).
      if (text[19] !== '.' || end < 21 || Number.isNaN(digitsAt(text, 20, end - 20))) return Number.NaN;
      const read = Math.min(end - 20, 3);
      ms = digitsAt(text, 20, read) * 10 ** (3 - read);
    }
  }
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  // NaN (a non-digit) fails every comparison.
  if (!(year >= 1000 && month >= 1 && month <= 12 && day >= 1)) return Number.NaN;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (!(day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!))) return Number.NaN;
  if (!(hour <= 23 && minute <= 59 && second <= 59)) return Number.NaN;
  return Date.UTC(year, month - 1, day, hour, minute, second, ms);
}

/** ISO 8601 from a Date, epoch seconds/milliseconds or a parseable string; undefined when unknown. */
export function toIsoDate(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  let date: Date;
  if (value instanceof Date) date = value;
  else if (typeof value === 'number') date = new Date(value < 1e12 ? value * 1000 : value);
  else if (typeof value === 'string') {
    const trimmed = value.trim();
    // APIs send date-times without a zone in UTC ("2025-03-01T10:00:00"); Date would read them as local time.
    const time = readIsoDateTime(trimmed);
    date = !Number.isNaN(time)
      ? new Date(time)
      : /^\d+$/.test(trimmed)
        ? new Date(Number(trimmed) * (trimmed.length <= 10 ? 1000 : 1))
        : new Date(NAIVE_DATE_TIME.test(trimmed) ? `${trimmed}Z` : trimmed);
  } else return undefined;
  const time = date.getTime();
  // Before 1990 or more than a day ahead is a parsing accident, not a publication date.
  if (Number.isNaN(time) || time < 631_152_000_000 || time > Date.now() + 86_400_000) return undefined;
  return date.toISOString();
}
