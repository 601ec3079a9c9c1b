import { isSearchError, type SearchMode, type SearchResponse, type SearchResult } from '@agent-search/core';
import { toolErrorMessage as errorMessage, staleNotice } from '@agent-search/core/views';

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
 * old it is, beside `results`, whose fields stay the same.
 */
export interface SearchToolOutput {
  results: ResultView[];
  error?: string;
  /** Only when the answer came from the cache. */
  cached?: true;
  stale?: true;
  fetched_at?: string;
  note?: string;
  /** Today's date (YYYY-MM-DD), in a companion set-up (a memory or a policy): recalled answers are dated. */
  today?: string;
}

// The sentences are core's, shared with every other tool adapter.
export {
  CANCELLED_ERROR,
  EMPTY_QUERY_ERROR,
  toolErrorMessage as errorMessage,
} from '@agent-search/core/views';

const RATE_LIMITED_ERROR = 'rate limited';

/** Only a few fields per mode (the `results` format's contract): compact for a voice model's context. */
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
  if (response.cached) output.cached = true;
  const stale = staleNotice(response);
  if (stale) {
    output.stale = true;
    if (stale.fetchedAt) output.fetched_at = stale.fetchedAt;
    output.note = stale.note;
  }
  return output;
}

/**
 * The sentence in `{results: [], error}`: the shared tool sentence, except that a search engine throttling
 * this machine (a `blocked` challenge, anomaly or 403 page, which scraping clients report as a rate limit
 * too) is "rate limited", the one throttling word this output's contract has and the tool's rules explain.
 */
export function resultsErrorMessage(error: unknown): string {
  return isSearchError(error) && error.code === 'blocked' ? RATE_LIMITED_ERROR : errorMessage(error);
}

export function errorOutput(message: string): { results: []; error: string } {
  return { results: [], error: message };
}
