import { type Logger, type SearchOptions, silentLogger } from '@agent-search/core';
import { CACHE_KINDS, type CacheKind } from './cache-key.ts';
import { MemoryStore } from './memory-store.ts';
import type { CacheStore } from './store.ts';
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
   * 0 lets every process refresh on its own. The caller's signal and the search's deadline end the wait too.
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
  /** Clock for freshness, ages and the deadline, for tests. Store TTLs run on the real clock. */
  now?: () => number;
}

/** The options, checked once, with every default filled in. */
export interface AnswerCacheSettings {
  store: CacheStore;
  ttlMs: Readonly<Record<CacheKind, number>>;
  staleMs: number;
  emptyTtlMs: number;
  refreshWaitMs: number;
  admit: (options: SearchOptions) => Promise<void>;
  userAnswers: UserAnswers | undefined;
  logger: Logger;
  now: () => number;
}

const ADMIT_ALL = async () => {};

function checkTtls(ttlMs: Record<string, number>): void {
  for (const [kind, ms] of Object.entries(ttlMs)) {
    if (!(CACHE_KINDS as readonly string[]).includes(kind)) {
      throw new RangeError(
        `ttlMs.${kind.slice(0, 40)}: unknown kind (${CACHE_KINDS.join(', ')}); a profile sets its own TTL with ttlSeconds`,
      );
    }
    if (!Number.isFinite(ms) || ms < 1) throw new RangeError(`ttlMs.${kind} must be a positive number of ms`);
  }
}

/** `options` checked (a `RangeError` names the first bad one) and completed with the defaults. */
export function answerCacheSettings(options: AnswerCacheOptions): AnswerCacheSettings {
  const ttlMs = { ...DEFAULT_TTL_MS, ...options.ttlMs };
  checkTtls(ttlMs);
  const emptyTtlMs = options.emptyTtlMs ?? DEFAULT_EMPTY_TTL_MS;
  if (!Number.isFinite(emptyTtlMs) || emptyTtlMs < 1) {
    throw new RangeError('emptyTtlMs must be a positive number of ms');
  }
  const refreshWaitMs = options.refreshWaitMs ?? DEFAULT_REFRESH_WAIT_MS;
  if (!Number.isFinite(refreshWaitMs) || refreshWaitMs < 0) {
    throw new RangeError('refreshWaitMs must be a non-negative number of ms');
  }
  return {
    store: options.store ?? new MemoryStore(),
    ttlMs,
    staleMs: Math.max(0, options.staleMs ?? 24 * HOUR),
    emptyTtlMs,
    refreshWaitMs,
    admit: options.admit ?? ADMIT_ALL,
    userAnswers: options.userAnswers,
    logger: options.logger ?? silentLogger,
    now: options.now ?? Date.now,
  };
}
