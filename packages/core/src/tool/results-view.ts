import type { SearchMode } from '../request.ts';
import type { SearchResponse } from '../response.ts';
import type { SearchResult } from '../result.ts';
import { staleNotice } from '../views/staleness.ts';

// The `results` format: the `{results: [...]}` object voice assistants expect (seed 000), a few compact
// fields per mode. The LiveKit tool's default; every surface can answer in it.

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
 * The `results` format: results, or none and a reason the model can say aloud. A stale cached answer
 * also carries `stale`, `fetched_at` and a `note` saying how old it is; an answer from a search memory a
 * `note` saying who learned it and that it is quoted web content.
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

export function toToolOutput(response: SearchResponse): SearchToolOutput {
  const output: SearchToolOutput = {
    results: response.results.map((r) => toResultView(r, response.mode)),
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
