import type { Logger, ProfileSet, SearchRequest, SearchResponse } from '@agent-search/core';
import type { AnswerCacheSettings } from './answer-cache-options.ts';
import { cacheTtlMs } from './cache-key.ts';
import { entryOf } from './entry-response.ts';
import type { CacheStore } from './store.ts';
import type { UserAnswers } from './user-answers.ts';

/**
 * Keeps answers: each for its profile's (or kind's) TTL, shorter when it has no results, plus the stale
 * window; recorded for its user when the cache tracks users, and not kept when that record fails (an
 * untracked answer could not be forgotten with its user). A failed write is logged, never thrown: the
 * search has its answer either way.
 */
export class EntryWriter {
  readonly #store: CacheStore;
  readonly #settings: AnswerCacheSettings;
  readonly #profiles: () => ProfileSet;
  readonly #userAnswers: UserAnswers | undefined;
  readonly #logger: Logger;

  /** `profiles` reads the wrapped client's, now: whoever registered a profile, its own TTL counts. */
  constructor(settings: AnswerCacheSettings, profiles: () => ProfileSet) {
    this.#store = settings.store;
    this.#settings = settings;
    this.#profiles = profiles;
    this.#userAnswers = settings.userAnswers;
    this.#logger = settings.logger;
  }

  async write(
    key: string,
    request: SearchRequest,
    response: SearchResponse,
    userId: string | undefined,
  ): Promise<void> {
    const { emptyTtlMs, staleMs, ttlMs, now } = this.#settings;
    const freshMs = cacheTtlMs(request, this.#profiles(), ttlMs);
    const ttl = response.results.length === 0 ? Math.min(emptyTtlMs, freshMs) : freshMs;
    try {
      await this.#store.set(key, entryOf(request, response, now(), ttl), ttl + staleMs);
    } catch (error) {
      this.#logger.debug({ error: String(error) }, 'cache write failed');
      return;
    }
    if (userId === undefined || !this.#userAnswers) return;
    try {
      await this.#userAnswers.record(userId, key, ttl + staleMs);
    } catch (error) {
      // Untracked, it could not be forgotten with its user: it goes.
      this.#logger.debug({ error: String(error) }, 'cache write not recorded for its user; dropped');
      await this.#store.delete(key).catch(() => {});
    }
  }
}
