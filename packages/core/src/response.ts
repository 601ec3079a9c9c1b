import type { SearchAttempt } from './attempt.ts';
import type { SearchMode } from './request.ts';
import type { SearchResult } from './result.ts';

export interface SearchResponse {
  query: string;
  mode: SearchMode;
  results: SearchResult[];
  /** Id of the provider that answered. */
  provider: string;
  /** True when the answer came from the cache. */
  cached: boolean;
  /**
   * True when a cache entry past its TTL was served: every provider failed, or another worker sharing the
   * cache was still refreshing it. Views tell the model such an answer may be outdated.
   */
  stale?: boolean;
  /** Age of the cached answer in milliseconds, when `cached`. */
  ageMs?: number;
  searchTimeMs: number;
  /** Number of results returned, or the provider's own total when it reports one. */
  totalResults: number;
  /**
   * The answering provider's own prose answer, cleaned and bounded, when it writes one (the LLM vendors'
   * searches do; their results are the sources it cites). Search engines leave it out.
   */
  answer?: string;
  /** When the provider answered (ISO 8601). */
  fetchedAt: string;
  attempts: SearchAttempt[];
}
