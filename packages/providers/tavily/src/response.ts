import { type ProviderResponse, type RawResult, SearchError } from '@agent-search/core';
import { PROVIDER_ID } from './errors.ts';

/** One entry of `results` in Tavily's search response (only the fields we read). */
interface TavilyResult {
  title?: unknown;
  url?: unknown;
  content?: unknown;
  /** The page as plain text, when the request set `include_raw_content` (null when Tavily has none). */
  raw_content?: unknown;
  /** Set on `topic: "news"` results, e.g. "Tue, 18 Nov 2025 09:30:00 GMT". */
  published_date?: unknown;
}

function malformed(what: string): SearchError {
  return new SearchError('provider_error', `Tavily sent a malformed response (${what})`, {
    provider: PROVIDER_ID,
  });
}

/** Raw results from a parsed search response body; throws `provider_error` when it is not one. */
export function fromTavilyResponse(body: unknown): ProviderResponse {
  if (typeof body !== 'object' || body === null) throw malformed('not a JSON object');
  const { results } = body as { results?: unknown };
  if (!Array.isArray(results)) throw malformed('no results list');
  return {
    results: results
      .filter((r): r is TavilyResult => typeof r === 'object' && r !== null)
      .map(
        (r): RawResult => ({
          title: r.title,
          url: r.url,
          snippet: r.content,
          content: r.raw_content,
          publishedAt: r.published_date,
        }),
      ),
  };
}
