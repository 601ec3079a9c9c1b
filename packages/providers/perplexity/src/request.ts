import type { SearchRequest, TimeRange } from '@agent-search/core';
import type { SearchCreateParams } from '@perplexity-ai/perplexity_ai';

type Recency = NonNullable<SearchCreateParams['search_recency_filter']>;

const RECENCY: Record<TimeRange, Recency> = { d: 'day', w: 'week', m: 'month', y: 'year' };

/** Perplexity has no news index: news mode means "recent web results", a week unless a range is given. */
export const NEWS_RECENCY: Recency = 'week';

// DuckDuckGo-style region prefixes that are not ISO 3166-1 country codes.
const NOT_A_COUNTRY = new Set(['wt', 'xa', 'xl']);

/** ISO country code for Perplexity's `country` filter from a region like "us-en" ("uk-en" → "GB"). */
export function countryOf(region: string | undefined): string | undefined {
  const prefix = region?.split('-')[0];
  if (!prefix || NOT_A_COUNTRY.has(prefix)) return undefined;
  return prefix === 'uk' ? 'GB' : prefix.toUpperCase();
}

/**
 * Maps a normalized request onto `client.search.create()` params. Perplexity takes one domain list, either
 * an allowlist or a denylist ("-example.com"); when both are asked for, the allowlist is sent and core drops
 * excluded domains from the results.
 */
export function toSearchParams(request: SearchRequest, maxTokensPerPage: number): SearchCreateParams {
  const params: SearchCreateParams = {
    query: request.query,
    max_results: request.maxResults,
    max_tokens_per_page: maxTokensPerPage,
  };
  const recency = request.timeRange
    ? RECENCY[request.timeRange]
    : request.mode === 'news'
      ? NEWS_RECENCY
      : undefined;
  if (recency) params.search_recency_filter = recency;
  if (request.includeDomains.length > 0) params.search_domain_filter = [...request.includeDomains];
  else if (request.excludeDomains.length > 0)
    params.search_domain_filter = request.excludeDomains.map((d) => `-${d}`);
  const country = countryOf(request.region);
  if (country) params.country = country;
  return params;
}
