import type { SearchAttempt, SearchRequest, SearchResponse, SearchResult } from '@agent-search/core';
import type { CacheEntry } from './cache-entry.ts';

/** When a served answer was asked for, and the clock its times are read on. */
export interface ServeTimes {
  started: number;
  now: () => number;
}

/** An answer as the entry the cache stores, fresh for `ttlMs` from `storedAt`. */
export function entryOf(
  request: SearchRequest,
  response: SearchResponse,
  storedAt: number,
  ttlMs: number,
): CacheEntry {
  return {
    v: 1,
    mode: response.mode,
    provider: response.provider,
    results: response.results,
    totalResults: response.totalResults,
    fetchedAt: response.fetchedAt,
    maxResults: request.maxResults,
    storedAt,
    freshUntil: storedAt + ttlMs,
  };
}

/**
 * An entry as a response to `request`; `stale` when it is served past its freshness, with the attempts
 * that failed.
 */
export function responseOf(
  entry: CacheEntry,
  request: SearchRequest,
  times: ServeTimes,
  stale?: { attempts: SearchAttempt[] },
): SearchResponse {
  // Copies, since the entry may be the store's own (frozen) and a caller may change what it gets. A loop,
  // not slice: slicing a frozen array takes V8's slow path, about 4× what the ten copies cost.
  const count = Math.min(request.maxResults, entry.results.length);
  const results = new Array<SearchResult>(count);
  for (let i = 0; i < count; i++) results[i] = { ...(entry.results[i] as SearchResult) };
  // totalResults above the entry's own count is the provider's estimate; keep it, else count what we return.
  const total = entry.totalResults > entry.results.length ? entry.totalResults : results.length;
  const now = times.now();
  const response: SearchResponse = {
    query: request.query,
    mode: entry.mode,
    results,
    provider: entry.provider,
    cached: true,
    ageMs: Math.max(0, now - entry.storedAt),
    searchTimeMs: Math.max(0, now - times.started),
    totalResults: total,
    fetchedAt: entry.fetchedAt,
    attempts: stale?.attempts ?? [],
  };
  if (stale) response.stale = true;
  return response;
}

/** A coalesced search's answer as one caller asked for it (its query's spelling, its maxResults). */
export function responseForCaller(
  response: SearchResponse,
  request: SearchRequest,
  times: ServeTimes,
): SearchResponse {
  const results = response.results.slice(0, request.maxResults);
  return {
    ...response,
    query: request.query,
    results,
    totalResults: Math.max(
      results.length,
      response.totalResults > response.results.length ? response.totalResults : 0,
    ),
    searchTimeMs: response.cached ? Math.max(0, times.now() - times.started) : response.searchTimeMs,
  };
}
