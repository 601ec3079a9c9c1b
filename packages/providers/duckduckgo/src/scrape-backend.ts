import {
  type RawResult,
  raceAbort,
  type SafeSearch,
  type SearchMode,
  type SearchRequest,
  type TimeRange,
} from '@agent-search/core';
import duckDuckScrape, {
  type SafeSearchType as ScrapeSafeSearch,
  type SearchTimeType,
} from 'duck-duck-scrape';
import { fromScrapeError } from './errors.ts';
import { utcTimestamp } from './html-page.ts';
import { NO_REGION } from './query.ts';

// A CommonJS package: named imports of its values are not reliable from ESM, the default export is.
const { SafeSearchType, SearchTimeType: TimeType, search, searchNews, searchVideos } = duckDuckScrape;

/** Options duck-duck-scrape hands to `needle` (proxy, agent, headers, open_timeout, ...). */
export type NeedleOptions = Record<string, unknown>;

export interface ScrapeBackendContext {
  /** Options for every `needle` request; the provider adds headers and the attempt's signal. */
  needleOptions: NeedleOptions;
  signal: AbortSignal;
}

const SAFE_SEARCH: Record<SafeSearch, ScrapeSafeSearch> = {
  strict: SafeSearchType.STRICT,
  moderate: SafeSearchType.MODERATE,
  off: SafeSearchType.OFF,
};

const TIME_RANGE: Record<TimeRange, SearchTimeType> = {
  d: TimeType.DAY,
  w: TimeType.WEEK,
  m: TimeType.MONTH,
  y: TimeType.YEAR,
};

async function searchMode(mode: SearchMode, query: string, request: SearchRequest, needle: NeedleOptions) {
  const region = request.region ?? NO_REGION;
  const safeSearch = SAFE_SEARCH[request.safeSearch];
  const time = request.timeRange ? TIME_RANGE[request.timeRange] : undefined;
  if (mode === 'news') {
    const news = await searchNews(query, { safeSearch, locale: region, time }, needle);
    return news.results.map(
      (item): RawResult => ({
        title: item.title,
        url: item.url,
        snippet: item.excerpt,
        // Unix seconds; core's normalizeResults turns them into ISO 8601.
        publishedAt: item.date,
        thumbnail: item.image,
      }),
    );
  }
  if (mode === 'videos') {
    const videos = await searchVideos(query, { safeSearch, locale: region, time }, needle);
    return videos.results.map(
      (item): RawResult => ({
        title: item.title,
        url: item.url,
        snippet: item.description,
        publishedAt: utcTimestamp(item.published),
        duration: item.duration,
        // duck-duck-scrape calls the channel `publisher` and the platform ("YouTube") `publishedOn`.
        publisher: item.publisher || item.publishedOn,
        thumbnail: item.image,
        viewCount: item.viewCount,
      }),
    );
  }
  const web = await search(query, { safeSearch, locale: region, region, time: time ?? TimeType.ALL }, needle);
  return web.results.map(
    (item): RawResult => ({
      title: item.title,
      url: item.url,
      // The raw description keeps its markup and entities; core strips tags before decoding entities.
      snippet: item.rawDescription,
      source: item.hostname,
    }),
  );
}

/**
 * Text (d.js), news (news.js) and video (v.js) search through duck-duck-scrape: a vqd token from
 * duckduckgo.com, then the JSON/JS endpoint. Every failure becomes a `SearchError`; an abort rejects
 * with the signal's reason at once.
 */
export async function searchWithScrape(
  mode: SearchMode,
  query: string,
  request: SearchRequest,
  context: ScrapeBackendContext,
): Promise<RawResult[]> {
  const { signal } = context;
  try {
    return await raceAbort(searchMode(mode, query, request, { ...context.needleOptions, signal }), signal);
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw fromScrapeError(error, mode);
  }
}
