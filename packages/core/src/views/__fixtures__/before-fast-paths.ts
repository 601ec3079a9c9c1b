// The cleaning and rendering code as it was before its fast paths (main at c4d6472), kept as the oracle that
// `fast-paths.test.ts` compares the current code with: every output must stay byte for byte the same.
// Only what the fast paths changed is copied; helpers they left alone are imported.
import { decodeHTML } from 'entities';
import { learnedNotice, type SearchResponse } from '../../response.ts';
import type { RawResult, SearchResult } from '../../result.ts';
import { cleanUrl, FIELD_LIMITS, httpUrl, siteOf, truncate } from '../../text.ts';
import type { ModelTextOptions } from '../model-text.ts';
import { staleNotice } from '../staleness.ts';

const ESCAPE_SEQUENCE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: as the code was
  /(?:\u001B\[|\u009B)[0-?]*[ -/]*[@-~]|\u001B\][^\u0007\u001B]*(?:\u0007|\u001B\\)?|\u001B[@-Z\\-_]/g;
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: as the code was
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/gu;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const BLOCK_TAG =
  /<\/?(?:p|div|br|hr|li|ul|ol|tr|td|th|table|h[1-6]|section|article|header|footer|blockquote|pre)\b[^<>]*>/gi;
const TAG = /<\/?[a-zA-Z][^<>]*>/g;
const CITATION_MARK = /\\?[[［]\s*\p{Nd}+\s*\\?[\]］]/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as the code was
const PASS_CHANGES = /[<&[［\u001B\u009B]/;
const MAX_PASSES = 6;

export function printableText(value: string): string {
  return value
    .replace(LONE_SURROGATE, '')
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(ESCAPE_SEQUENCE, '')
    .replace(INVISIBLE, '');
}

function withoutComments(text: string): string {
  let kept = '';
  let at = 0;
  for (;;) {
    const open = text.indexOf('<!--', at);
    if (open === -1) break;
    const close = text.indexOf('-->', open + 4);
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

export function plainText(value: string): string {
  let text = value;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = onePass(text);
    if (next === text || !PASS_CHANGES.test(next)) return next;
    text = next;
  }
  return onePass(text).replace(/[<>[\]［］]/g, ' ');
}

export function cleanText(value: unknown, max: number = FIELD_LIMITS.other): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const text = plainText(String(value).slice(0, Math.max(max, 200) * 4))
    .replace(/\s+/gu, ' ')
    .trim();
  return truncate(text, max);
}

const NAIVE_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

export function toIsoDate(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  let date: Date;
  if (value instanceof Date) date = value;
  else if (typeof value === 'number') date = new Date(value < 1e12 ? value * 1000 : value);
  else if (typeof value === 'string') {
    const trimmed = value.trim();
    date = /^\d+$/.test(trimmed)
      ? new Date(Number(trimmed) * (trimmed.length <= 10 ? 1000 : 1))
      : new Date(NAIVE_DATE_TIME.test(trimmed) ? `${trimmed}Z` : trimmed);
  } else return undefined;
  const time = date.getTime();
  if (Number.isNaN(time) || time < 631_152_000_000 || time > Date.now() + 86_400_000) return undefined;
  return date.toISOString();
}

function cleanDuration(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) {
    const s = Math.round(value);
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    const sec = String(s % 60).padStart(2, '0');
    return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
  }
  const text = cleanText(value, 20);
  return text === '' ? undefined : text;
}

export function normalizeResults(
  raw: readonly RawResult[],
  provider: string,
  mode: SearchResponse['mode'],
): SearchResult[] {
  const seen = new Set<string>();
  const results: SearchResult[] = [];
  for (const item of raw) {
    if (typeof item !== 'object' || item === null) continue;
    const parsed = httpUrl(item.url);
    if (!parsed) continue;
    const url = parsed.href;
    const key = url.replace(/\/$/, '').replace(/^http:/, 'https:');
    if (seen.has(key)) continue;
    const snippet = cleanText(item.snippet, FIELD_LIMITS.snippet);
    const title = cleanText(item.title, FIELD_LIMITS.title) || snippet.slice(0, 80);
    if (title === '') continue;
    seen.add(key);
    const result: SearchResult = {
      title,
      url,
      snippet,
      source: cleanText(item.source, FIELD_LIMITS.source) || siteOf(parsed),
      provider,
    };
    const publishedAt = toIsoDate(item.publishedAt);
    if (publishedAt) result.publishedAt = publishedAt;
    const author = cleanText(item.author, FIELD_LIMITS.source);
    if (author) result.author = author;
    const content = cleanText(item.content, FIELD_LIMITS.content);
    if (content) result.content = content;
    if (mode === 'videos') {
      const duration = cleanDuration(item.duration);
      if (duration) result.duration = duration;
      const publisher = cleanText(item.publisher, FIELD_LIMITS.source);
      if (publisher) result.publisher = publisher;
      const thumbnail = cleanUrl(item.thumbnail);
      if (thumbnail) result.thumbnail = thumbnail;
      const views = Number(item.viewCount);
      if (item.viewCount !== undefined && item.viewCount !== null && Number.isFinite(views) && views >= 0) {
        result.viewCount = Math.trunc(views);
      }
    }
    results.push(result);
  }
  return results;
}

const UNPRINTABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: as the code was
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\uFEFF\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;
const MAY_CHANGE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: as the code was
  /[<&[［\u0000-\u001F\u007F-\u00A0\u061C\u1680\u180E\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\uD800-\uDFFF\uFEFF\uFFFE\uFFFF]| {2}|^ | $/;

export function oneLine(value: unknown): string {
  if (typeof value !== 'string') return '';
  if (!MAY_CHANGE.test(value)) return value;
  return printableText(value).replace(UNPRINTABLE, '').replace(/\s+/gu, ' ').trim();
}

export function plainLine(value: unknown): string {
  if (typeof value !== 'string') return '';
  return MAY_CHANGE.test(value) ? oneLine(plainText(value)) : value;
}

export function isoDay(value: Date | number | string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}

const TITLE_SEPARATOR = /\s[-|–—·:]\s/gu;

function alphanumeric(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function titleWithoutSite(title: string, site: string): string {
  const name = alphanumeric(site.split('.')[0] ?? '');
  if (name.length < 3) return title;
  let last: RegExpExecArray | undefined;
  for (const match of title.matchAll(TITLE_SEPARATOR)) last = match;
  if (!last || last.index === 0) return title;
  const suffix = title.slice(last.index + last[0].length);
  return alphanumeric(suffix).includes(name) ? title.slice(0, last.index) : title;
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const sentence = Math.max(
    cut.lastIndexOf('. '),
    cut.lastIndexOf('。'),
    cut.lastIndexOf('! '),
    cut.lastIndexOf('? '),
  );
  if (sentence > max * 0.6) return cut.slice(0, sentence + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function resultLines(result: SearchResult, id: number, maxSnippet: number): string {
  const site = plainLine(result.source);
  const title = titleWithoutSite(plainLine(result.title), site);
  const day = isoDay(result.publishedAt);
  const meta = [site, day].filter(Boolean).join(', ');
  const snippet = shorten(plainLine(result.snippet), maxSnippet);
  return `[${id}] ${title}${meta ? ` (${meta})` : ''}${snippet ? `\n${snippet}` : ''}`;
}

export function toModelText(
  response: Pick<SearchResponse, 'query' | 'results' | 'stale' | 'ageMs' | 'fetchedAt'> &
    Partial<Pick<SearchResponse, 'cached' | 'learned'>>,
  options: ModelTextOptions = {},
): string {
  const today = `${isoDay(options.now ?? Date.now())}${response.cached ? ', cached' : ''}`;
  const query = plainLine(response.query);
  const stale = staleNotice(response, options);
  if (response.results.length === 0) {
    return `No results for "${query}" (${today}).${stale ? ` ${stale.note}` : ''}`;
  }
  const maxSnippet = Math.max(1, options.maxSnippetChars ?? 240);
  const lines = response.results.map((r, i) => resultLines(r, i + 1, maxSnippet));
  if (stale) lines.unshift(stale.note);
  if (response.learned) lines.unshift(learnedNotice(response.learned));
  return `Results for "${query}" (${today}):\n${lines.join('\n')}`;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function escapeXml(value: unknown): string {
  return oneLine(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export function toXml(response: SearchResponse, options: { now?: Date | number | string } = {}): string {
  const date = isoDay(options.now ?? Date.now());
  const stale = staleNotice(response, options);
  const freshness = `${response.cached ? ' cached="true"' : ''}${
    stale ? ` stale="true"${stale.fetchedAt ? ` fetched_at="${escapeXml(stale.fetchedAt)}"` : ''}` : ''
  }`;
  const lines = [`<search_results query="${escapeXml(response.query)}" date="${date}"${freshness}>`];
  if (stale) lines.push(`  <note>${escapeXml(stale.note)}</note>`);
  response.results.forEach((result, index) => {
    lines.push(`  <result id="${index + 1}" source="${escapeXml(result.source)}">`);
    lines.push(`    <title>${escapeXml(result.title)}</title>`);
    lines.push(`    <snippet>${escapeXml(result.snippet)}</snippet>`);
    lines.push(`    <url>${escapeXml(result.url)}</url>`);
    if (result.publishedAt) lines.push(`    <published>${escapeXml(result.publishedAt)}</published>`);
    lines.push('  </result>');
  });
  lines.push('</search_results>');
  return lines.join('\n');
}
