import {
  formatBytes,
  type RawResult,
  raceAbort,
  type SafeSearch,
  SearchError,
  type SearchMode,
  type SearchRequest,
  type TimeRange,
} from '@agent-search/core';
import type { SafeSearchType as ScrapeSafeSearch, SearchTimeType } from 'duck-duck-scrape';
import { duckDuckGoError, fromScrapeError } from './errors.ts';
import { utcTimestamp } from './html-page.ts';
import type { NeedleOptions } from './needle-options.ts';
import { NO_REGION } from './query.ts';
import { duckDuckScrape, lendVqd, limitBodies } from './scrape-library.ts';
import { fetchVqd } from './vqd-page.ts';

const { SafeSearchType, SearchTimeType: TimeType, search, searchNews, searchVideos } = duckDuckScrape;

export interface ScrapeBackendContext {
  /** Options for every `needle` request; the provider adds headers and the attempt's signal. */
  needleOptions: NeedleOptions;
  signal: AbortSignal;
  /** Largest answer read from each endpoint, in bytes. */
  maxBodyBytes: number;
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

async function searchMode(
  mode: SearchMode,
  query: string,
  request: SearchRequest,
  needle: NeedleOptions,
  signal: AbortSignal,
) {
  // The token first, with our own request: duck-duck-scrape's getVQD turns every failure (a DNS error, a
  // 429, a 503) into the same "Failed to get the VQD" message, which would read as a block.
  lendVqd(needle, await fetchVqd(query, needle, signal));
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
 * Text (d.js), news (news.js) and video (v.js) search: a vqd token from duckduckgo.com (our request, see
 * vqd-page.ts), then duck-duck-scrape's request to the JSON/JS endpoint with that token. Every failure
 * becomes a `SearchError`; an abort rejects with the signal's reason at once.
 */
export async function searchWithScrape(
  mode: SearchMode,
  query: string,
  request: SearchRequest,
  context: ScrapeBackendContext,
): Promise<RawResult[]> {
  const { signal } = context;
  try {
    const needle = { ...context.needleOptions, signal };
    limitBodies(needle, context.maxBodyBytes, () =>
      duckDuckGoError(
        'provider_error',
        `DuckDuckGo sent an answer larger than ${formatBytes(context.maxBodyBytes)} (the body limit); it was not read further`,
      ),
    );
    return await raceAbort(searchMode(mode, query, request, needle, signal), signal);
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (SearchError.is(error)) throw error;
    throw fromScrapeError(error, mode);
  }
}
