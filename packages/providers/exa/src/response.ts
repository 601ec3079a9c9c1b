import { type ProviderResponse, type RawResult, SearchError } from '@agent-search/core';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Highlights joined, or the page text when Exa sent text instead. */
function snippetOf(item: Record<string, unknown>): unknown {
  if (Array.isArray(item.highlights)) {
    const parts = item.highlights.filter((h): h is string => typeof h === 'string' && h.trim() !== '');
    if (parts.length > 0) return parts.map((h) => h.trim()).join(' … ');
  }
  return item.text;
}

/** Maps the body of a successful `/search` into raw results; anything that is not one is a provider error. */
export function parseExaResponse(body: unknown): ProviderResponse {
  if (!isRecord(body) || !Array.isArray(body.results)) {
    throw new SearchError('provider_error', 'Exa answered with a body that is not a search response', {
      provider: 'exa',
    });
  }
  const results: RawResult[] = body.results.filter(isRecord).map((item) => ({
    title: item.title,
    url: item.url,
    snippet: snippetOf(item),
    content: item.text,
    publishedAt: item.publishedDate,
    author: item.author,
  }));
  return { results };
}
