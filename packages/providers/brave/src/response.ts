import { type ProviderResponse, type RawResult, SearchError, type SearchMode } from '@agent-search/core';
import { PROVIDER_ID } from './errors.ts';

/** One result of Brave's web, news or videos search (only the fields we read). */
interface BraveResult {
  title?: unknown;
  url?: unknown;
  /** The snippet, with the query's words in <strong>. */
  description?: unknown;
  /** When the page was published or changed, in UTC without a zone: "2025-03-01T10:00:00". */
  page_age?: unknown;
  /** The same as a person reads it: "March 1, 2025", "2 hours ago". */
  age?: unknown;
  meta_url?: { hostname?: unknown };
  thumbnail?: { src?: unknown };
  /** Videos only. */
  video?: { duration?: unknown; views?: unknown; creator?: unknown; publisher?: unknown };
  /** News: the outlet. */
  profile?: { name?: unknown };
}

function malformed(what: string): SearchError {
  return new SearchError('provider_error', `Brave sent a malformed response (${what})`, {
    provider: PROVIDER_ID,
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The results list of an answer: `web.results` for web search (no `web` at all when nothing matched), `results` otherwise. */
function resultsOf(body: Record<string, unknown>, mode: SearchMode): unknown[] {
  if (mode === 'text') {
    if (body.web === undefined) return [];
    if (!isObject(body.web) || !Array.isArray(body.web.results)) throw malformed('no web.results list');
    return body.web.results;
  }
  if (!Array.isArray(body.results)) throw malformed('no results list');
  return body.results;
}

/** Raw results from a parsed Brave answer; throws `provider_error` when it is not one. */
export function fromBraveResponse(body: unknown, mode: SearchMode): ProviderResponse {
  if (!isObject(body)) throw malformed('not a JSON object');
  return {
    results: resultsOf(body, mode)
      .filter((r): r is BraveResult => isObject(r))
      .map((r): RawResult => {
        const raw: RawResult = {
          title: r.title,
          url: r.url,
          snippet: r.description,
          publishedAt: r.page_age ?? r.age,
          source: r.profile?.name ?? r.meta_url?.hostname,
          thumbnail: r.thumbnail?.src,
        };
        if (r.video) {
          raw.duration = r.video.duration;
          raw.viewCount = r.video.views;
          raw.author = r.video.creator;
          raw.publisher = r.video.publisher;
        }
        return raw;
      }),
  };
}
