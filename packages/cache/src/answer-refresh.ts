import {
  carryDeadline,
  isSearchError,
  type NormalizedRequest,
  type SearchClient,
  type SearchDeadline,
  type SearchOptions,
  type SearchResponse,
  timeLeft,
} from '@agent-search/core';
import type { AnswerCacheSettings } from './answer-cache-options.ts';
import type { CacheEntry } from './cache-entry.ts';
import type { EntryReader } from './entry-reader.ts';
import { responseOf, type ServeTimes } from './entry-response.ts';
import type { EntryWriter } from './entry-writer.ts';
import { SharedRefresh } from './shared-refresh.ts';
import { isSharedStore } from './store.ts';

// Longer than a search's default deadline (8 s): a lease outlives its holder only when the holder died.
const REFRESH_LEASE_MS = 10_000;

/** One miss, as the search that fills it needs it. */
export interface Miss {
  key: string;
  request: NormalizedRequest;
  /** What the store held: expired, or fresh but too short for this request; undefined when nothing. */
  entry: CacheEntry | undefined;
  /** The caller's options: its user and providers go down with the search. */
  options: SearchOptions;
  /** The search's one deadline, fixed above the cache's own waits. */
  deadline: SearchDeadline | undefined;
  times: ServeTimes;
}

/**
 * The one search behind a miss (what coalesced callers share): refresh once, then stale on error. With a
 * store several processes share, an expired answer is refreshed by one process at a time (the others wait
 * for its answer, within the deadline); the search gets what is left of the deadline; its answer is
 * written; when it fails, the expired answer is served instead, marked stale, unless the request itself
 * was at fault or every caller gave up.
 */
export class AnswerRefresh {
  readonly #client: SearchClient;
  readonly #reader: EntryReader;
  readonly #writer: EntryWriter;
  readonly #shared: SharedRefresh | undefined;
  readonly #settings: AnswerCacheSettings;

  constructor(client: SearchClient, settings: AnswerCacheSettings, reader: EntryReader, writer: EntryWriter) {
    this.#client = client;
    this.#settings = settings;
    this.#reader = reader;
    this.#writer = writer;
    const { store, refreshWaitMs } = settings;
    this.#shared =
      isSharedStore(store) && refreshWaitMs > 0
        ? new SharedRefresh(store, { waitMs: refreshWaitMs, leaseMs: REFRESH_LEASE_MS })
        : undefined;
  }

  /** Fills `miss` with `signal`, the coalesced run's own (aborted when every caller has left). */
  async run(miss: Miss, signal: AbortSignal): Promise<SearchResponse> {
    let release: (() => Promise<void>) | undefined;
    try {
      const turn = await this.#turn(miss, signal);
      if (turn.kind === 'served') return turn.response;
      release = turn.release;
      return await this.#search(miss, signal);
    } catch (error) {
      return this.#staleOnError(miss, error, signal);
    } finally {
      // After the write: a process waiting for this refresh finds the answer before the lease is free.
      void release?.();
    }
  }

  /**
   * An expired answer other processes may be refreshing too: one refreshes, the others wait for it (never
   * past the deadline) and serve what it wrote, or their expired copy when it takes too long.
   */
  async #turn(
    miss: Miss,
    signal: AbortSignal,
  ): Promise<
    { kind: 'served'; response: SearchResponse } | { kind: 'search'; release?: () => Promise<void> }
  > {
    const { entry, request, times } = miss;
    const now = this.#settings.now;
    if (!this.#shared || !entry || now() <= entry.freshUntil) return { kind: 'search' };
    // Ours cannot answer, so one that can was written since (storedAt is no test: clocks differ).
    const newer = (value: unknown) => {
      const found = this.#reader.usable(value);
      return found && this.#reader.answers(found, request.maxResults) ? found : undefined;
    };
    const turn = await this.#shared.take(miss.key, newer, signal, miss.deadline?.left());
    if (turn.kind === 'newer') return { kind: 'served', response: responseOf(turn.value, request, times) };
    if (turn.kind === 'busy') {
      this.#settings.logger.info(
        { ageMs: now() - entry.storedAt },
        'another worker is refreshing; serving the expired answer',
      );
      return { kind: 'served', response: responseOf(entry, request, times, { attempts: [] }) };
    }
    return { kind: 'search', release: turn.release };
  }

  /** The search itself, with what is left of the one deadline, and its answer written. */
  async #search(miss: Miss, signal: AbortSignal): Promise<SearchResponse> {
    const { userId, providers } = miss.options;
    const { deadline } = miss;
    const left = deadline && timeLeft(deadline, 'before reaching a provider');
    const response = await this.#client.search(miss.request, {
      signal: deadline ? carryDeadline(signal, deadline) : signal,
      ...(userId === undefined ? {} : { userId }),
      ...(providers === undefined ? {} : { providers }),
      ...(left === undefined ? {} : { timeoutMs: left }),
    });
    await this.#writer.write(miss.key, miss.request, response, userId);
    return response;
  }

  /** Serve what we have rather than an error, unless the request itself is at fault or was abandoned. */
  #staleOnError(miss: Miss, error: unknown, signal: AbortSignal): SearchResponse {
    const { entry } = miss;
    if (!signal.aborted && entry && isSearchError(error) && error.code !== 'invalid_request') {
      this.#settings.logger.info(
        { code: error.code, ageMs: this.#settings.now() - entry.storedAt },
        'search failed; serving a cached answer',
      );
      return responseOf(entry, miss.request, miss.times, { attempts: error.attempts ?? [] });
    }
    throw error;
  }
}
