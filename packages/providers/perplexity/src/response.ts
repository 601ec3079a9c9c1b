import { type ProviderResponse, type RawResult, SearchError } from '@agent-search/core';
import { PROVIDER_ID } from './errors.ts';

/** One entry of `results` in the Search API response (only the fields we read). */
interface PerplexityPage {
  title?: unknown;
  url?: unknown;
  snippet?: unknown;
  /** Publication date ("2025-03-01"), when Perplexity knows it; `last_updated` is a crawl date, not used. */
  date?: unknown;
}

function malformed(what: string): SearchError {
  return new SearchError('provider_error', `Perplexity sent a malformed response (${what})`, {
    provider: PROVIDER_ID,
  });
}

/** Raw results from what `client.search.create()` resolved to; throws `provider_error` when it is not one. */
export function fromPerplexityResponse(body: unknown): ProviderResponse {
  // The SDK resolves non-JSON bodies to a string, and an empty JSON body to undefined.
  if (typeof body !== 'object' || body === null) throw malformed('not a JSON object');
  const { results } = body as { results?: unknown };
  if (!Array.isArray(results)) throw malformed('no results list');
  return {
    results: results
      .filter((r): r is PerplexityPage => typeof r === 'object' && r !== null)
      .map((r): RawResult => ({ title: r.title, url: r.url, snippet: r.snippet, publishedAt: r.date })),
  };
}
