import {
  queryWithSiteFilters,
  regionCountry,
  regionLanguage,
  type SearchRequest,
  type TimeRange,
} from '@agent-search/core';

/** SerpApi's search endpoint, under the base URL: one endpoint, the engine chosen by a parameter. */
export const SERPAPI_SEARCH_PATH = '/search';

/** Google's "any time" menu, as its `tbs` parameter: past day, week, month, year. */
const TIME_RANGE: Record<TimeRange, string> = { d: 'qdr:d', w: 'qdr:w', m: 'qdr:m', y: 'qdr:y' };

/** The query string of a SerpApi Google search, without the key (added by the provider, never logged). */
export interface SerpApiQuery {
  engine: 'google';
  q: string;
  num: string;
  /** `nws`: Google's News tab, answered as `news_results`. Absent: the web results, `organic_results`. */
  tbm?: 'nws';
  tbs?: string;
  /** Country (`us`, `de`). */
  gl?: string;
  /** Interface language (`en`, `de`). */
  hl?: string;
  /** Google's adult-content filter: `active` or `off`; absent, Google's default. */
  safe?: 'active' | 'off';
}

/**
 * Maps a normalized request onto SerpApi's Google engine: news is the News tab of the same engine
 * (`tbm=nws`, which takes the same time, country and count parameters, unlike the `google_news` engine),
 * domain filters become `site:` terms, the time range Google's `tbs=qdr:…`, the region `gl` and `hl`.
 */
export function toSerpApiQuery(request: SearchRequest): SerpApiQuery {
  const query: SerpApiQuery = {
    engine: 'google',
    q: queryWithSiteFilters(request),
    num: String(request.maxResults),
  };
  if (request.mode === 'news') query.tbm = 'nws';
  if (request.timeRange) query.tbs = TIME_RANGE[request.timeRange];
  const country = regionCountry(request.region);
  if (country) query.gl = country;
  const language = regionLanguage(request.region);
  if (language) query.hl = language;
  // Google has no "moderate": strict turns its filter on, off turns it off, moderate leaves Google's default.
  if (request.safeSearch === 'strict') query.safe = 'active';
  else if (request.safeSearch === 'off') query.safe = 'off';
  return query;
}
