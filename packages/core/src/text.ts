import { decodeHTML } from 'entities';

/** Upper bounds on result fields, so one hostile page cannot flood a model's context. */
export const FIELD_LIMITS = {
  title: 300,
  snippet: 1_000,
  /** Page text, only sent when asked for: enough for a statute's article or a judgment's verdict. */
  content: 20_000,
  source: 120,
  url: 2_048,
  other: 200,
} as const;

// C0/C1 control characters, except tab/newline (which whitespace collapsing turns into spaces).
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u2028\u2029\uFEFF]/gu;
// Block-level tags separate words; inline ones (<b>, <em>, <a>) sit inside them: "I/O</b>," stays "I/O,".
const BLOCK_TAG =
  /<\/?(?:p|div|br|hr|li|ul|ol|tr|td|th|table|h[1-6]|section|article|header|footer|blockquote|pre)\b[^<>]*>/gi;
const TAG = /<\/?[a-zA-Z][^<>]*>|<!--[\s\S]*?-->/g;

/**
 * Plain text from a provider field: tags removed, entities decoded, control characters dropped,
 * whitespace collapsed, cut at `max` characters (on a word boundary when one is near, with an ellipsis).
 */
export function cleanText(value: unknown, max: number = FIELD_LIMITS.other): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  let text = String(value);
  // Tags first, then entities: an encoded "&lt;b&gt;" is text the page meant to show, not markup.
  text = text.replace(BLOCK_TAG, ' ').replace(TAG, '');
  text = decodeHTML(text);
  text = text.replace(CONTROL, '').replace(/\s+/gu, ' ').trim();
  return truncate(text, max);
}

export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.7 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** An absolute http(s) URL, or undefined. Anything else (javascript:, data:, relative) is dropped. */
export function cleanUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > FIELD_LIMITS.url) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed.startsWith('//') ? `https:${trimmed}` : trimmed);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return url.toString();
}

/** The site a URL belongs to, without "www.": "https://www.bbc.co.uk/news" → "bbc.co.uk". */
export function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

const NAIVE_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** ISO 8601 from a Date, epoch seconds/milliseconds or a parseable string; undefined when unknown. */
export function toIsoDate(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  let date: Date;
  if (value instanceof Date) date = value;
  else if (typeof value === 'number') date = new Date(value < 1e12 ? value * 1000 : value);
  else if (typeof value === 'string') {
    const trimmed = value.trim();
    // APIs send date-times without a zone in UTC ("2025-03-01T10:00:00"); Date would read them as local time.
    date = /^\d+$/.test(trimmed)
      ? new Date(Number(trimmed) * (trimmed.length <= 10 ? 1000 : 1))
      : new Date(NAIVE_DATE_TIME.test(trimmed) ? `${trimmed}Z` : trimmed);
  } else return undefined;
  const time = date.getTime();
  // Before 1990 or more than a day ahead is a parsing accident, not a publication date.
  if (Number.isNaN(time) || time < 631_152_000_000 || time > Date.now() + 86_400_000) return undefined;
  return date.toISOString();
}
