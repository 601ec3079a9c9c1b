import type { SearchMode, SearchRequestInput, TimeRange } from '../request.ts';
import type { SearchResponse } from '../response.ts';
import type { SearchResult } from '../result.ts';
import { staleNotice } from './staleness.ts';

/**
 * The `web_search` tool as every framework adapter (MCP, AI SDK, LangChain) offers it: one name, one
 * description, one set of arguments with one wording, one mapping to a request and one program-facing
 * output. Each adapter writes the arguments in its own schema library from `WEB_SEARCH_ARGUMENTS`.
 */
export const WEB_SEARCH_TOOL_NAME = 'web_search';

export const WEB_SEARCH_TOOL_DESCRIPTION =
  'Search the web for current information: news, recent events, prices, scores, weather, documentation and facts that may have changed since your training. Returns a few numbered results, each with a title, its site, a date when known and a snippet; cite them by number. Use short keyword queries; set mode "news" for recent articles.';

/** The time ranges a model may name, and the request's value for each. */
export const WEB_SEARCH_TIME_RANGES = {
  day: 'd',
  week: 'w',
  month: 'm',
  year: 'y',
} as const satisfies Record<string, TimeRange>;
export type WebSearchTimeRange = keyof typeof WEB_SEARCH_TIME_RANGES;

/** Descriptions of the arguments, for every adapter's schema. */
export const WEB_SEARCH_ARGUMENTS = {
  query: 'What to search for, as a few keywords: "weather Paris tomorrow".',
  mode: '"text" for web pages (the default), "news" for recent news articles, "videos" for videos.',
  max_results: 'How many results, 1 to 10. Default 5.',
  time_range: 'Only results from the past "day", "week", "month" or "year". Omit for any time.',
  include_sites: 'Only results from these sites, as domains: ["who.int"]. Omit to search everywhere.',
  exclude_sites: 'No results from these sites, as domains: ["pinterest.com"].',
  region: 'Region and language as "xx-yy", e.g. "us-en", "de-de". Omit for no region.',
} as const;

/** The arguments as the schema has checked them (every field but `query` optional). */
export interface WebSearchArgs {
  query: string;
  mode?: SearchMode | undefined;
  max_results?: number | undefined;
  time_range?: WebSearchTimeRange | undefined;
  include_sites?: readonly string[] | undefined;
  exclude_sites?: readonly string[] | undefined;
  region?: string | undefined;
}

/** The search request for a tool call; the client validates it further (query length, domains). */
export function webSearchRequest(args: WebSearchArgs): SearchRequestInput {
  const request: SearchRequestInput = { query: args.query.trim() };
  if (args.mode) request.mode = args.mode;
  if (args.max_results !== undefined) request.maxResults = args.max_results;
  if (args.time_range) request.timeRange = WEB_SEARCH_TIME_RANGES[args.time_range];
  if (args.include_sites?.length) request.includeDomains = args.include_sites;
  if (args.exclude_sites?.length) request.excludeDomains = args.exclude_sites;
  if (args.region) request.region = args.region.trim().toLowerCase();
  return request;
}

/** What a program keeps from a tool call: the normalized results and where they came from. */
export interface WebSearchOutput {
  query: string;
  mode: SearchMode;
  /** Id of the provider that answered. */
  provider: string;
  cached: boolean;
  /** When the provider answered (ISO 8601). */
  fetchedAt: string;
  results: SearchResult[];
  /** Only on a stale cached answer (every provider failed): a sentence saying how old it is. */
  stale?: true;
  note?: string;
}

export function toWebSearchOutput(response: SearchResponse): WebSearchOutput {
  const output: WebSearchOutput = {
    query: response.query,
    mode: response.mode,
    provider: response.provider,
    cached: response.cached,
    fetchedAt: response.fetchedAt,
    results: response.results,
  };
  const stale = staleNotice(response);
  if (stale) Object.assign(output, { stale: true, note: stale.note });
  return output;
}
