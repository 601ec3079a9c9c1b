import type { SearchRequest, TimeRange } from '@agent-search/core';

/** Exa's search types that answer in one round trip ("deep" variants are agentic and slow). */
export type ExaSearchType = 'auto' | 'fast' | 'instant' | 'neural' | 'keyword' | 'hybrid';

/** Longest snippet Exa is asked for per result: enough for a model, far below the SDK's 10,000 default. */
export const SNIPPET_MAX_CHARACTERS = 500;
/** Page text asked for when a request sets `includeContent`: core keeps this much of it. */
export const CONTENT_MAX_CHARACTERS = 20_000;

const DAY_MS = 86_400_000;
const RANGE_DAYS: Record<TimeRange, number> = { d: 1, w: 7, m: 30, y: 365 };

// Region codes (DuckDuckGo style, "us-en") whose country part is not an ISO 3166 code Exa understands.
const COUNTRY_ALIASES: Record<string, string | undefined> = {
  uk: 'GB',
  wt: undefined,
  xa: undefined,
  xl: undefined,
};

/** The JSON body POSTed to Exa's `/search` (the `exa.search()` options plus the query). */
export interface ExaSearchBody {
  type?: ExaSearchType;
  numResults: number;
  category?: 'news';
  startPublishedDate?: string;
  includeDomains?: string[];
  excludeDomains?: string[];
  userLocation?: string;
  moderation?: boolean;
  contents: { highlights: { maxCharacters: number }; text?: { maxCharacters: number } };
}

/** Start of the time range, `range` back from `now`, as ISO 8601. */
export function publishedAfter(range: TimeRange, now: number): string {
  return new Date(now - RANGE_DAYS[range] * DAY_MS).toISOString();
}

/** Two-letter upper-case country for Exa's `userLocation`, or undefined for "no region". */
export function countryOf(region: string | undefined): string | undefined {
  const country = region?.split('-')[0];
  if (country?.length !== 2) return undefined;
  return country in COUNTRY_ALIASES ? COUNTRY_ALIASES[country] : country.toUpperCase();
}

/**
 * Maps a normalized request onto Exa's search options. Contents are always given explicitly: without
 * them exa-js asks for 10,000 characters of page text per result.
 */
export function toExaSearchOptions(
  request: SearchRequest,
  options: { type?: ExaSearchType; now: number },
): ExaSearchBody {
  const body: ExaSearchBody = {
    numResults: request.maxResults,
    contents: { highlights: { maxCharacters: SNIPPET_MAX_CHARACTERS } },
  };
  if (request.includeContent) body.contents.text = { maxCharacters: CONTENT_MAX_CHARACTERS };
  if (options.type) body.type = options.type;
  if (request.mode === 'news') body.category = 'news';
  if (request.timeRange) body.startPublishedDate = publishedAfter(request.timeRange, options.now);
  if (request.includeDomains.length > 0) body.includeDomains = request.includeDomains;
  if (request.excludeDomains.length > 0) body.excludeDomains = request.excludeDomains;
  const country = countryOf(request.region);
  if (country) body.userLocation = country;
  if (request.safeSearch === 'strict') body.moderation = true;
  return body;
}
