import type { SearchRequest } from '@agent-search/core';
import { NO_REGION, SAFE_SEARCH_LEVEL } from './query.ts';

/** The endpoints that need a vqd token, by search mode. */
export const VQD_ENDPOINTS = {
  text: 'https://links.duckduckgo.com/d.js',
  news: 'https://duckduckgo.com/news.js',
  videos: 'https://duckduckgo.com/v.js',
} as const;

type Pair = [name: string, value: string];

/**
 * d.js's query string, as DuckDuckGo's front end (and duck-duck-scrape 2.x) sends it: region as both
 * `l` and `kl`, the time range as `df` (`a` for any time), safe search as `p=1` (strict) or `ex`, and the
 * experiment flags that come with each.
 */
export function djsQuery(query: string, request: SearchRequest, vqd: string): URLSearchParams {
  const region = request.region ?? NO_REGION;
  const strict = request.safeSearch === 'strict';
  const flags = strict
    ? { videxp: 'a', nadse: 'b', eclsexp: 'a', stiaexp: 'a', tjsexp: 'b', related: 'b', msnexp: 'a' }
    : { nadse: 'b', eclsexp: 'b', tjsexp: 'b' };
  const entries: Pair[] = [
    ['q', query],
    ...(strict ? [] : [['t', 'D'] as Pair]),
    ['l', region],
    ...(strict ? [['p', '1'] as Pair] : []),
    ['kl', region],
    ['s', '0'],
    ['dl', 'en'],
    ['ct', 'US'],
    ['bing_market', 'en-US'],
    ['df', request.timeRange ?? 'a'],
    ['vqd', vqd],
    ...(strict ? [] : [['ex', SAFE_SEARCH_LEVEL[request.safeSearch]] as Pair]),
    ['sp', '1'],
    ['bpa', '1'],
    ['biaexp', 'b'],
    ['msvrtexp', 'b'],
    ...Object.entries(flags),
  ];
  return new URLSearchParams(entries);
}

/** news.js's query string: JSON out (`o=json`), no AMP links, the time range as `df` ("" for any). */
export function newsQuery(query: string, request: SearchRequest, vqd: string): URLSearchParams {
  return new URLSearchParams({
    l: request.region ?? NO_REGION,
    o: 'json',
    noamp: '1',
    q: query,
    vqd,
    p: SAFE_SEARCH_LEVEL[request.safeSearch],
    df: request.timeRange ?? '',
    s: '0',
  });
}

/**
 * v.js's query string: JSON out, and the filters as one comma-separated list (published after,
 * definition, duration, licence), of which only the time range is used: `publishedAfter:w,,,`.
 */
export function videosQuery(query: string, request: SearchRequest, vqd: string): URLSearchParams {
  const filters = [request.timeRange ? `publishedAfter:${request.timeRange}` : '', '', '', ''];
  return new URLSearchParams({
    l: request.region ?? NO_REGION,
    o: 'json',
    q: query,
    vqd,
    p: SAFE_SEARCH_LEVEL[request.safeSearch],
    f: filters.join(','),
    s: '0',
  });
}
