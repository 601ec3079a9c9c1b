import {
  isSearchError,
  type Logger,
  type SearchAttempt,
  type SearchClient,
  SearchError,
  type SearchOptions,
  type SearchRequest,
  type SearchResponse,
  type SearchResult,
  silentLogger,
  wrapSearchClient,
} from '@agent-search/core';
import { type CacheEntry, trustedEntry } from './cache-entry.ts';
import { CACHE_KINDS, type CacheKind, cacheKey, cacheTtlMs } from './cache-key.ts';
import { Coalescing } from './coalescing.ts';
import { MemoryStore } from './memory-store.ts';
import { SharedRefresh } from './shared-refresh.ts';
import { type CacheStore, canReadFrozen, isSharedStore } from './store.ts';
import type { UserAnswers } from './user-answers.ts';

const HOUR = 3_600_000;

/** Default TTL of each kind, in ms, for profiles without a lifetime of their own: 1 h each. */
export const DEFAULT_TTL_MS: Readonly<Record<CacheKind, number>> = {
  news: HOUR,
  default: HOUR,
};

/** Default freshness of an answer with no results, in ms. */
export const DEFAULT_EMPTY_TTL_MS = 60_000;

/** Default longest wait for another process's refresh of the same expired answer, in ms. */
export const DEFAULT_REFRESH_WAIT_MS = 1_000;
// Longer than a search's default deadline (8 s): a lease outlives its holder only when the holder died.
const REFRESH_LEASE_MS = 10_000;

export interface AnswerCacheOptions {
  /** Where answers are kept. Default: a `MemoryStore` with its defaults. */
  store?: CacheStore;
  /**
   * TTL per kind in ms, for requests whose profile has no `ttlSeconds` of its own; missing kinds keep
   * `DEFAULT_TTL_MS`.
   */
  ttlMs?: Partial<Record<CacheKind, number>>;
  /** How long past its TTL an answer is kept for stale-on-error. Default 24 h; 0 turns it off. */
  staleMs?: number;
  /**
   * How long an answer with no results stays fresh, when shorter than its usual TTL. Default 60 s: "no
   * results" is often a provider's bad moment, not the truth for an hour.
   */
  emptyTtlMs?: number;
  /**
   * With a store shared between processes (Redis): how long a search for an expired answer waits while
   * another process refreshes that answer, before serving the expired one (marked stale). Default 1000 ms;
   * 0 lets every process refresh on its own. The caller's signal ends the wait too.
   */
  refreshWaitMs?: number;
  /**
   * Called once per search about to leave the cache (a miss, by the first of the identical searches
   * coalesced into one), before anything else: the per-user limit. What it throws is the caller's error,
   * never turned into a stale answer.
   */
  admit?: (options: SearchOptions) => Promise<void>;
  /**
   * Records which answers each user's searches wrote, so forgetting the user deletes them
   * (`SearchCache.forgetUser`). An answer that cannot be recorded is not kept.
   */
  userAnswers?: UserAnswers;
  logger?: Logger;
  /** Clock for freshness and ages, for tests. Store TTLs run on the real clock. */
  now?: () => number;
}

/**
 * Whether `entry` answers a request for `maxResults`: it holds at least that many results, or it holds
 * fewer than its own search asked for, which means the provider had no more to give.
 */
function covers(entry: CacheEntry, maxResults: number): boolean {
  return entry.results.length >= maxResults || entry.results.length < entry.maxResults;
}

const ADMIT_ALL = async () => {};

/**
 * The cache layer: `client` whose answers are kept in `store` and served while fresh. A miss goes to
 * `client` once however many identical searches ask at the same time (request coalescing, see
 * `Coalescing`); an expired answer other processes may be refreshing is refreshed by one of them
 * (`SharedRefresh`); when the search fails, the expired answer is served instead, marked stale, while
 * within `staleMs`. Order: validate → cache → (join an identical search in flight) → `admit` → shared
 * refresh → `client` → cache.
 */
export function withAnswerCache(client: SearchClient, options: AnswerCacheOptions = {}): SearchClient {
  const store = options.store ?? new MemoryStore();
  const ttlMs = { ...DEFAULT_TTL_MS, ...options.ttlMs };
  for (const [kind, ms] of Object.entries(ttlMs)) {
    if (!(CACHE_KINDS as readonly string[]).includes(kind)) {
      throw new RangeError(
        `ttlMs.${kind.slice(0, 40)}: unknown kind (${CACHE_KINDS.join(', ')}); a profile sets its own TTL with ttlSeconds`,
      );
    }
    if (!Number.isFinite(ms) || ms < 1) throw new RangeError(`ttlMs.${kind} must be a positive number of ms`);
  }
  const staleMs = Math.max(0, options.staleMs ?? 24 * HOUR);
  const emptyTtlMs = options.emptyTtlMs ?? DEFAULT_EMPTY_TTL_MS;
  if (!Number.isFinite(emptyTtlMs) || emptyTtlMs < 1) {
    throw new RangeError('emptyTtlMs must be a positive number of ms');
  }
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? Date.now;
  const admit = options.admit ?? ADMIT_ALL;
  const flights = new Coalescing<SearchResponse>();
  const shared = isSharedStore(store) ? store : undefined;
  const refreshWaitMs = options.refreshWaitMs ?? DEFAULT_REFRESH_WAIT_MS;
  if (!Number.isFinite(refreshWaitMs) || refreshWaitMs < 0) {
    throw new RangeError('refreshWaitMs must be a non-negative number of ms');
  }
  const sharedRefresh =
    shared && refreshWaitMs > 0
      ? new SharedRefresh(shared, { waitMs: refreshWaitMs, leaseMs: REFRESH_LEASE_MS })
      : undefined;

  // A memory store only holds what this process wrote; any other store (Redis, a caller's own) is outside.
  const ownStore = store instanceof MemoryStore;
  // Hits read the store's own decoded entry when it lends one (memory, memory in front of Redis): frozen, so
  // it is checked once, when first read, and never decoded again. Other stores hand out a copy per read.
  const lender = canReadFrozen(store) ? store : undefined;
  const checked = new WeakMap<object, CacheEntry>();
  let untrustedLogged = false;
  /** `value` as an entry; `lent` when it is a store's frozen value, whose check is remembered. */
  function usable(value: unknown, lent = false): CacheEntry | undefined {
    if (value === undefined || value === null) return undefined;
    let entry: CacheEntry | undefined;
    if (ownStore) entry = value as CacheEntry;
    else if (lent && typeof value === 'object') {
      entry = checked.get(value) ?? trustedEntry(value);
      if (entry) checked.set(value, entry);
    } else entry = trustedEntry(value);
    if (!entry) {
      // Someone else's data under our prefix, or a poisoned entry: a miss, said once per cache.
      if (!untrustedLogged)
        logger.warn({}, 'ignored a cache entry that fails validation; treating it as a miss');
      untrustedLogged = true;
      return undefined;
    }
    return now() <= entry.freshUntil + staleMs ? entry : undefined;
  }

  const answers = (entry: CacheEntry, maxResults: number) =>
    now() <= entry.freshUntil && covers(entry, maxResults);

  /**
   * The stored entry, unless missing, unreadable or past its stale window. `shared` skips a local copy
   * (memory in front of Redis) for what every process sees.
   */
  async function read(key: string, from: 'any' | 'shared' = 'any'): Promise<CacheEntry | undefined> {
    try {
      if (shared && from === 'shared') return usable(await shared.getShared(key));
      return lender ? usable(await lender.getFrozen(key), true) : usable(await store.get(key));
    } catch (error) {
      logger.debug({ error: String(error) }, 'cache read failed');
      return undefined;
    }
  }

  async function write(
    key: string,
    request: SearchRequest,
    response: SearchResponse,
    userId: string | undefined,
  ): Promise<void> {
    const storedAt = now();
    // The wrapped client's profiles: whoever registered a profile, its own TTL counts.
    const freshMs = cacheTtlMs(request, client.profiles, ttlMs);
    const ttl = response.results.length === 0 ? Math.min(emptyTtlMs, freshMs) : freshMs;
    const entry: CacheEntry = {
      v: 1,
      mode: response.mode,
      provider: response.provider,
      results: response.results,
      totalResults: response.totalResults,
      fetchedAt: response.fetchedAt,
      maxResults: request.maxResults,
      storedAt,
      freshUntil: storedAt + ttl,
    };
    try {
      await store.set(key, entry, ttl + staleMs);
    } catch (error) {
      logger.debug({ error: String(error) }, 'cache write failed');
      return;
    }
    if (userId === undefined || !options.userAnswers) return;
    try {
      await options.userAnswers.record(userId, key, ttl + staleMs);
    } catch (error) {
      // Untracked, it could not be forgotten with its user: it goes.
      logger.debug({ error: String(error) }, 'cache write not recorded for its user; dropped');
      await store.delete(key).catch(() => {});
    }
  }

  /** An entry as a response; `stale` when it is served past its freshness, with the attempts that failed. */
  function fromEntry(
    entry: CacheEntry,
    request: SearchRequest,
    started: number,
    stale?: { attempts: SearchAttempt[] },
  ): SearchResponse {
    // Copies, since the entry may be the store's own (frozen) and a caller may change what it gets. A loop,
    // not slice: slicing a frozen array takes V8's slow path, about 4× what the ten copies cost.
    const count = Math.min(request.maxResults, entry.results.length);
    const results = new Array<SearchResult>(count);
    for (let i = 0; i < count; i++) results[i] = { ...(entry.results[i] as SearchResult) };
    // totalResults above the entry's own count is the provider's estimate; keep it, else count what we return.
    const total = entry.totalResults > entry.results.length ? entry.totalResults : results.length;
    const response: SearchResponse = {
      query: request.query,
      mode: entry.mode,
      results,
      provider: entry.provider,
      cached: true,
      ageMs: Math.max(0, now() - entry.storedAt),
      searchTimeMs: Math.max(0, now() - started),
      totalResults: total,
      fetchedAt: entry.fetchedAt,
      attempts: stale?.attempts ?? [],
    };
    if (stale) response.stale = true;
    return response;
  }

  /** A coalesced search's answer as one caller asked for it (its query's spelling, its maxResults). */
  function forCaller(response: SearchResponse, request: SearchRequest, started: number): SearchResponse {
    const results = response.results.slice(0, request.maxResults);
    return {
      ...response,
      query: request.query,
      results,
      totalResults: Math.max(
        results.length,
        response.totalResults > response.results.length ? response.totalResults : 0,
      ),
      searchTimeMs: response.cached ? Math.max(0, now() - started) : response.searchTimeMs,
    };
  }

  /** The one search behind a miss (what coalesced callers share): shared refresh, client, write, stale. */
  async function refresh(
    key: string,
    request: SearchRequest,
    entry: CacheEntry | undefined,
    started: number,
    options: SearchOptions,
    signal: AbortSignal,
  ): Promise<SearchResponse> {
    const { userId, providers } = options;
    // Waits here (another worker's refresh) count against the search's one deadline.
    const deadlineMs = options.timeoutMs ?? client.timeoutMs;
    let releaseLease: (() => Promise<void>) | undefined;
    try {
      // An expired answer other processes may be refreshing too: one refreshes, the others wait for it.
      if (sharedRefresh && entry && now() > entry.freshUntil) {
        // Ours cannot answer, so one that can was written since (storedAt is no test: clocks differ).
        const newer = (value: unknown) => {
          const found = usable(value);
          return found && answers(found, request.maxResults) ? found : undefined;
        };
        const turn = await sharedRefresh.take(key, newer, signal);
        if (turn.kind === 'newer') return fromEntry(turn.value, request, started);
        if (turn.kind === 'busy') {
          logger.info(
            { ageMs: now() - entry.storedAt },
            'another worker is refreshing; serving the expired answer',
          );
          return fromEntry(entry, request, started, { attempts: [] });
        }
        releaseLease = turn.release;
      }
      const left = deadlineMs === undefined ? undefined : deadlineMs - (now() - started);
      if (left !== undefined && left <= 0) {
        throw new SearchError(
          'timeout',
          `The search used its ${deadlineMs} ms deadline before reaching a provider`,
        );
      }
      const response = await client.search(request, {
        signal,
        ...(userId === undefined ? {} : { userId }),
        ...(providers === undefined ? {} : { providers }),
        ...(left === undefined ? {} : { timeoutMs: left }),
      });
      await write(key, request, response, userId);
      return response;
    } catch (error) {
      // Serve what we have rather than an error, unless the request itself is at fault or was abandoned.
      if (!signal.aborted && entry && isSearchError(error) && error.code !== 'invalid_request') {
        logger.info(
          { code: error.code, ageMs: now() - entry.storedAt },
          'search failed; serving a cached answer',
        );
        return fromEntry(entry, request, started, { attempts: error.attempts ?? [] });
      }
      throw error;
    } finally {
      // After the write: a process waiting for this refresh finds the answer before the lease is free.
      void releaseLease?.();
    }
  }

  return wrapSearchClient(client, {
    async search(input, searchOptions: SearchOptions = {}) {
      const started = now();
      const { signal } = searchOptions;
      const request = client.normalize(input);
      signal?.throwIfAborted();
      const key = cacheKey(request, searchOptions.providers);
      let entry = await read(key);
      // A local copy that cannot answer may be older than what another process stored since.
      if (entry && shared && !answers(entry, request.maxResults)) {
        const latest = await read(key, 'shared');
        if (latest && (answers(latest, request.maxResults) || latest.storedAt > entry.storedAt)) {
          entry = latest;
        }
      }
      if (entry && answers(entry, request.maxResults)) {
        logger.debug({ ageMs: now() - entry.storedAt }, 'cache hit');
        return fromEntry(entry, request, started);
      }
      const response = await flights.run({
        key,
        size: request.maxResults,
        ...(signal ? { signal } : {}),
        admit: () => admit(searchOptions),
        run: (flightSignal) => refresh(key, request, entry, started, searchOptions, flightSignal),
      });
      return forCaller(response, request, started);
    },
  });
}
