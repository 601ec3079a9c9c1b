import type { SearchMode } from './request.ts';
import { cleanText, cleanUrl, FIELD_LIMITS, httpUrl, siteOf, toIsoDate } from './text.ts';

/** One search result, the same shape for every provider. */
export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
  /** Site or publisher the result comes from, e.g. "reuters.com". */
  source: string;
  /** ISO 8601 publication time, when the provider knows it. */
  publishedAt?: string;
  /** Author or byline, when the provider reports one. */
  author?: string;
  /** The page's text (up to 20,000 characters), when the request set `includeContent` and the provider has it. */
  content?: string;
  /** Id of the provider that returned it. */
  provider: string;
  /** Videos: duration as the provider shows it, e.g. "4:13". */
  duration?: string;
  /** Videos: publisher or platform, e.g. "YouTube". */
  publisher?: string;
  /** Videos: thumbnail URL. */
  thumbnail?: string;
  /** Videos: view count. */
  viewCount?: number;
}

/** What a provider hands back before normalization: any field may be missing, dirty or of the wrong type. */
export interface RawResult {
  title?: unknown;
  url?: unknown;
  snippet?: unknown;
  /** Page text, when the request asked for it. */
  content?: unknown;
  source?: unknown;
  publishedAt?: unknown;
  author?: unknown;
  duration?: unknown;
  publisher?: unknown;
  thumbnail?: unknown;
  viewCount?: unknown;
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

/**
 * Raw results cleaned at most, from the start of an answer. A search asks for 10 at most and an API page
 * holds 100 at most; a hostile answer of 25,000 results (within the JSON shape limits) took 0.2–1 s of
 * event loop to clean whole.
 */
export const MAX_RAW_RESULTS = 200;

/**
 * Cleans raw provider results into `SearchResult`s: text stripped of markup, only http(s) URLs, one
 * result per URL, every field bounded. Results without a usable URL or title are dropped; results past
 * the first `MAX_RAW_RESULTS` are not looked at.
 */
export function normalizeResults(
  raw: readonly RawResult[],
  provider: string,
  mode: SearchMode,
): SearchResult[] {
  const seen = new Set<string>();
  const results: SearchResult[] = [];
  for (const item of raw.slice(0, MAX_RAW_RESULTS)) {
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

/** True when `url`'s host is `domain` or a subdomain of it. */
export function urlMatchesDomain(url: string, domain: string): boolean {
  const host = siteOf(url);
  return host === domain || host.endsWith(`.${domain}`);
}
