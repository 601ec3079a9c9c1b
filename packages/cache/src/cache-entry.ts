import {
  MAX_RESULTS_LIMIT,
  normalizeResults,
  SEARCH_MODES,
  type SearchMode,
  type SearchResponse,
  type SearchResult,
} from '@agent-search/core';

/** What the cache stores for one search. */
export interface CacheEntry {
  v: 1;
  mode: SearchResponse['mode'];
  provider: string;
  results: SearchResult[];
  totalResults: number;
  fetchedAt: string;
  /** `maxResults` of the search that produced the entry. */
  maxResults: number;
  storedAt: number;
  freshUntil: number;
}

const PROVIDER_ID = /^[a-z0-9][a-z0-9_-]{0,39}$/;
// More than any search asks for: a longer list was not written by this cache.
const MAX_STORED_RESULTS = 4 * MAX_RESULTS_LIMIT;

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * A stored value checked like a provider's answer, since a shared store (Redis) holds whatever anyone
 * with access wrote under our prefix: the shape, the numbers, and every result through core's
 * `normalizeResults` (text cleaned and bounded, http(s) URLs only). Undefined when anything is off: a
 * result that normalization would drop or change means the entry was not written by this cache.
 */
export function trustedEntry(value: unknown): CacheEntry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const e = value as Partial<Record<keyof CacheEntry, unknown>>;
  if (e.v !== 1 || !Array.isArray(e.results) || e.results.length > MAX_STORED_RESULTS) return undefined;
  if (!isTime(e.storedAt) || !isTime(e.freshUntil)) return undefined;
  if (!Number.isInteger(e.maxResults) || (e.maxResults as number) < 1) return undefined;
  if ((e.maxResults as number) > MAX_RESULTS_LIMIT) return undefined;
  if (!Number.isInteger(e.totalResults) || (e.totalResults as number) < 0) return undefined;
  if (!(SEARCH_MODES as readonly unknown[]).includes(e.mode)) return undefined;
  if (typeof e.provider !== 'string' || !PROVIDER_ID.test(e.provider)) return undefined;
  if (typeof e.fetchedAt !== 'string' || Number.isNaN(Date.parse(e.fetchedAt))) return undefined;
  const mode = e.mode as SearchMode;
  const results: SearchResult[] = [];
  for (const raw of e.results as unknown[]) {
    if (typeof raw !== 'object' || raw === null) return undefined;
    const item = raw as Record<string, unknown>;
    const provider =
      typeof item.provider === 'string' && PROVIDER_ID.test(item.provider) ? item.provider : '';
    if (provider === '') return undefined;
    const [result] = normalizeResults([item], provider, mode);
    if (!result || result.url !== item.url || result.title !== item.title) return undefined;
    if (result.snippet !== item.snippet) return undefined;
    results.push(result);
  }
  return {
    v: 1,
    mode,
    provider: e.provider,
    results,
    totalResults: e.totalResults as number,
    fetchedAt: e.fetchedAt,
    maxResults: e.maxResults as number,
    storedAt: e.storedAt,
    freshUntil: e.freshUntil,
  };
}
