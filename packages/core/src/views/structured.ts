import type { SearchResponse } from '../response.ts';

/** Seed 004's result structure; `searchTime` is in milliseconds. */
export interface StructuredResults {
  results: { title: string; url: string; snippet: string }[];
  totalResults: number;
  searchTime: number;
}

export function toStructured(response: SearchResponse): StructuredResults {
  return {
    results: response.results.map((r) => ({ title: r.title, url: r.url, snippet: r.snippet })),
    totalResults: response.totalResults,
    searchTime: response.searchTimeMs,
  };
}
