import {
  queryWithSiteFilters,
  regionCountry,
  regionLanguage,
  type SearchMode,
  type SearchRequest,
  type TimeRange,
} from '@agent-search/core';

/** The endpoint of each mode, under the base URL. */
export const BRAVE_ENDPOINTS: Readonly<Record<SearchMode, string>> = {
  text: '/res/v1/web/search',
  news: '/res/v1/news/search',
  videos: '/res/v1/videos/search',
};

const FRESHNESS: Record<TimeRange, string> = { d: 'pd', w: 'pw', m: 'pm', y: 'py' };

/** The query string of a Brave search (every endpoint takes the same names). */
export interface BraveQuery {
  q: string;
  count: string;
  safesearch: 'off' | 'moderate' | 'strict';
  freshness?: string;
  country?: string;
  search_lang?: string;
  /** Web search only: just the web results, not the news, videos and discussions mixed in. */
  result_filter?: 'web';
}

/**
 * Maps a normalized request onto Brave's query parameters: domain filters become `site:` terms (Brave
 * has no other domain filter), the region its `country` and `search_lang`.
 */
export function toBraveQuery(request: SearchRequest): BraveQuery {
  const query: BraveQuery = {
    q: queryWithSiteFilters(request),
    count: String(request.maxResults),
    safesearch: request.safeSearch,
  };
  if (request.timeRange) query.freshness = FRESHNESS[request.timeRange];
  const country = regionCountry(request.region);
  if (country) query.country = country;
  const language = regionLanguage(request.region);
  if (language) query.search_lang = language;
  if (request.mode === 'text') query.result_filter = 'web';
  return query;
}
