import { learnedNotice, type SearchResponse } from '../response.ts';
import { joinNotes } from './agent-server.ts';
import { staleNotice } from './staleness.ts';

/** Results with their count and how long the search took; `searchTime` is in milliseconds. */
export interface StructuredResults {
  results: { title: string; url: string; snippet: string }[];
  totalResults: number;
  searchTime: number;
  /** Only when the answer came from the cache. */
  cached?: true;
  /** Only on a stale cached answer: when it was fetched, and a sentence saying how old it is. */
  stale?: true;
  fetchedAt?: string;
  note?: string;
  /** Only on an answer from a search memory: the bot that learned it, and when. */
  learnedBy?: string;
  learnedAt?: string;
}

export function toStructured(response: SearchResponse): StructuredResults {
  const structured: StructuredResults = {
    results: response.results.map((r) => ({ title: r.title, url: r.url, snippet: r.snippet })),
    totalResults: response.totalResults,
    searchTime: response.searchTimeMs,
  };
  if (response.cached) structured.cached = true;
  const stale = staleNotice(response);
  if (stale) Object.assign(structured, { stale: true, ...stale });
  if (response.learned) {
    structured.learnedBy = response.learned.botName;
    structured.learnedAt = response.learned.learnedAt;
    structured.note = joinNotes(learnedNotice(response.learned), structured.note);
  }
  return structured;
}
