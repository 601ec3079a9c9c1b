import {
  queryWithSiteFilters,
  regionCountry,
  regionLanguage,
  type SafeSearch,
  type SearchMode,
  type SearchRequest,
  type TimeRange,
} from '@agent-search/core';

const CATEGORIES: Record<SearchMode, string> = { text: 'general', news: 'news', videos: 'videos' };
const TIME_RANGE: Record<TimeRange, string> = { d: 'day', w: 'week', m: 'month', y: 'year' };
const SAFE_SEARCH: Record<SafeSearch, string> = { off: '0', moderate: '1', strict: '2' };

/** The query string of `GET /search` on a SearXNG instance. */
export interface SearxngQuery {
  q: string;
  format: 'json';
  categories: string;
  safesearch: string;
  pageno: '1';
  time_range?: string;
  /** "en-US", or "en" when the region names no country; left out for "no region" (the instance's default). */
  language?: string;
}

/**
 * Maps a normalized request onto SearXNG's search parameters: the mode picks the category, domain
 * filters become `site:` terms (passed on to the engines), the region its language.
 */
export function toSearxngQuery(request: SearchRequest): SearxngQuery {
  const query: SearxngQuery = {
    q: queryWithSiteFilters(request),
    format: 'json',
    categories: CATEGORIES[request.mode],
    safesearch: SAFE_SEARCH[request.safeSearch],
    pageno: '1',
  };
  if (request.timeRange) query.time_range = TIME_RANGE[request.timeRange];
  const language = regionLanguage(request.region);
  const country = regionCountry(request.region);
  if (language) query.language = country ? `${language}-${country.toUpperCase()}` : language;
  return query;
}
