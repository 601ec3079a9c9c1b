import type { SearchRequest, TimeRange } from '@agent-search/core';

export type TavilySearchDepth = 'basic' | 'advanced' | 'fast' | 'ultra-fast';

/** The body of `POST /search`, as `@tavily/core` sends it (snake_case, undefined fields left out). */
export interface TavilySearchBody {
  query: string;
  topic: 'general' | 'news';
  search_depth: TavilySearchDepth;
  max_results: number;
  time_range?: 'day' | 'week' | 'month' | 'year';
  include_domains?: string[];
  exclude_domains?: string[];
  include_answer: false;
  /** Page text in each result's `raw_content`, asked for only when the request wants it. */
  include_raw_content: false | 'text';
  include_images: false;
}

const TIME_RANGE: Record<TimeRange, NonNullable<TavilySearchBody['time_range']>> = {
  d: 'day',
  w: 'week',
  m: 'month',
  y: 'year',
};

/** Maps a normalized request onto Tavily's search body, asking only for what a model reads. */
export function toTavilyBody(request: SearchRequest, searchDepth: TavilySearchDepth): TavilySearchBody {
  const body: TavilySearchBody = {
    query: request.query,
    topic: request.mode === 'news' ? 'news' : 'general',
    search_depth: searchDepth,
    max_results: request.maxResults,
    // No generated answer or images, and page bodies only on request: they cost credits and latency.
    include_answer: false,
    include_raw_content: request.includeContent ? 'text' : false,
    include_images: false,
  };
  if (request.timeRange) body.time_range = TIME_RANGE[request.timeRange];
  if (request.includeDomains.length > 0) body.include_domains = [...request.includeDomains];
  if (request.excludeDomains.length > 0) body.exclude_domains = [...request.excludeDomains];
  return body;
}
