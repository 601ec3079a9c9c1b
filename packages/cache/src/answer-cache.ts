import {
  type SearchClient,
  type SearchOptions,
  type SearchResponse,
  searchDeadline,
  wrapSearchClient,
} from '@agent-search/core';
import { type AnswerCacheOptions, answerCacheSettings } from './answer-cache-options.ts';
import { AnswerRefresh, type Miss } from './answer-refresh.ts';
import { cacheKey } from './cache-key.ts';
import { Coalescing } from './coalescing.ts';
import { EntryReader } from './entry-reader.ts';
import { responseForCaller, responseOf } from './entry-response.ts';
import { EntryWriter } from './entry-writer.ts';

export {
  type AnswerCacheOptions,
  DEFAULT_EMPTY_TTL_MS,
  DEFAULT_REFRESH_WAIT_MS,
  DEFAULT_TTL_MS,
} from './answer-cache-options.ts';

/**
 * The cache layer: `client` whose answers are kept in a store and served while fresh. A pipeline of small
 * parts, in the order a search meets them:
 *
 * 1. validate once (`client.normalize`) and fix the search's one deadline (`searchDeadline`);
 * 2. the checked read (`EntryReader.lookup`): the stored entry, taken as untrusted input unless the store
 *    holds only this process's writes, and, when a local copy cannot answer, the shared tier's newer one;
 * 3. a fresh entry that covers the request is mapped to a response (`responseOf`);
 * 4. a miss goes to `client` once however many identical searches ask at the same time (`Coalescing`),
 *    the first of them passing `admit` (the per-user limit);
 * 5. refresh once, stale on error (`AnswerRefresh`): one process refreshes an expired shared answer, the
 *    search gets what is left of the deadline, its answer is written (`EntryWriter`), and when it fails the
 *    expired answer is served, marked stale, while within `staleMs`.
 */
export function withAnswerCache(client: SearchClient, options: AnswerCacheOptions = {}): SearchClient {
  const settings = answerCacheSettings(options);
  const { logger, now, store } = settings;
  const reader = new EntryReader(store, settings);
  const writer = new EntryWriter(settings, () => client.profiles);
  const refresh = new AnswerRefresh(client, settings, reader, writer);
  const flights = new Coalescing<SearchResponse>();

  return wrapSearchClient(client, {
    async search(input, searchOptions: SearchOptions = {}) {
      const times = { started: now(), now };
      const request = client.normalize(input);
      const { signal } = searchOptions;
      signal?.throwIfAborted();
      const deadline = searchDeadline(searchOptions, client.timeoutMs, now);
      const key = cacheKey(request, searchOptions.providers);
      const entry = await reader.lookup(key, request.maxResults);
      if (entry && reader.answers(entry, request.maxResults)) {
        logger.debug({ ageMs: now() - entry.storedAt }, 'cache hit');
        return responseOf(entry, request, times);
      }
      const miss: Miss = { key, request, entry, options: searchOptions, deadline, times };
      const response = await flights.run({
        key,
        size: request.maxResults,
        ...(signal ? { signal } : {}),
        admit: () => settings.admit(searchOptions),
        run: (flightSignal) => refresh.run(miss, flightSignal),
      });
      return responseForCaller(response, request, times);
    },
  });
}
