import {
  isSearchError,
  type SearchMode,
  type SearchResponse,
  type SearchResult,
  staleNotice,
} from '@agent-search/core';

/** A web page, as the model sees it. */
export interface TextResultView {
  title: string;
  href: string;
  body: string;
}

/** A news article, as the model sees it. `date` is ISO 8601, or empty when unknown. */
export interface NewsResultView {
  date: string;
  title: string;
  body: string;
  url: string;
  source: string;
}

/** A video, as the model sees it. `content` is the video's URL. */
export interface VideoResultView {
  title: string;
  description: string;
  content: string;
  publisher: string;
  duration: string;
}

export type ResultView = TextResultView | NewsResultView | VideoResultView;

/**
 * What `search_internet` hands back to the model: results, or none and a reason it can say aloud. A
 * stale cached answer (the providers failed) also carries `stale`, `fetched_at` and a `note` saying how
 * old it is, beside `results`, whose fields stay the seed's.
 */
export interface SearchToolOutput {
  results: ResultView[];
  error?: string;
  stale?: true;
  fetched_at?: string;
  note?: string;
}

export const EMPTY_QUERY_ERROR = 'empty query: say what to search for';
/** For a turn the user interrupted; the framework normally discards it before the model sees it. */
export const CANCELLED_ERROR = 'search cancelled';

// One sentence per error code, safe to show a model: upstream messages may carry keys or markup.
const ERROR_MESSAGES = {
  invalid_request: 'the search request was not valid',
  rate_limited: 'rate limited',
  timeout: 'search timed out',
  blocked: 'the search engine refused the request for now; try again in a few minutes',
  quota_exceeded: 'the search quota is used up for now',
  unauthorized: 'search is not set up correctly: the provider rejected its credentials',
  unavailable: 'the search service is unavailable right now',
  provider_error: 'the search failed',
  no_provider: 'no search provider can run this kind of search right now',
} as const;

/** Only the fields the seed contract names, per mode: compact for a voice model's context. */
export function toResultView(result: SearchResult, mode: SearchMode): ResultView {
  switch (mode) {
    case 'news':
      return {
        date: result.publishedAt ?? '',
        title: result.title,
        body: result.snippet,
        url: result.url,
        source: result.source,
      };
    case 'videos':
      return {
        title: result.title,
        description: result.snippet,
        content: result.url,
        publisher: result.publisher ?? result.source,
        duration: result.duration ?? '',
      };
    default:
      return { title: result.title, href: result.url, body: result.snippet };
  }
}

export function toToolOutput(response: SearchResponse, limit: number): SearchToolOutput {
  const output: SearchToolOutput = {
    results: response.results.slice(0, limit).map((r) => toResultView(r, response.mode)),
  };
  const stale = staleNotice(response);
  if (stale) {
    output.stale = true;
    if (stale.fetchedAt) output.fetched_at = stale.fetchedAt;
    output.note = stale.note;
  }
  return output;
}

/** The model-facing sentence for a failed search. Never the upstream message, except core's own validation. */
export function errorMessage(error: unknown): string {
  if (!isSearchError(error)) return ERROR_MESSAGES.provider_error;
  // Request validation happens in core before any provider runs; its messages name only the input.
  if (error.code === 'invalid_request' && error.provider === undefined) return error.message;
  return ERROR_MESSAGES[error.code] ?? ERROR_MESSAGES.provider_error;
}

export function errorOutput(message: string): { results: []; error: string } {
  return { results: [], error: message };
}
