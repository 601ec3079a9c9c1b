import {
  apiKeyVariables,
  type Env,
  type LoadSearchConfigOptions,
  type Logger,
  loadSearchConfig,
  type ProviderDefinition,
  type SearchClient,
  type SearchConfig,
  SearchConfigError,
} from '@agent-search/core';
import type { SearchCache } from './from-env.ts';
import type { PageReadFunction } from './page-cache.ts';

/** What any page reader takes: at least a signal. */
type ReadOptions = { signal?: AbortSignal };

// This module is `@agent-search/cache/stack`: it imports nothing of the cache until a stack wants one, so
// an app that starts without the cache (the CLI's `providers`, `--no-cache`) loads no Redis client.

export interface SearchStackOptions<O extends ReadOptions = ReadOptions, T = unknown> {
  /**
   * The providers the app ships, in default priority order (`PROVIDER_DEFINITIONS` of
   * `@agent-search/registry`). SEARCH_PROVIDER_PRIORITY names some of them; any other name is a
   * `SearchConfigError` that says it and lists the known ones.
   */
  definitions: readonly ProviderDefinition[];
  /** The client's options beyond the environment: its logger, profiles, health saved by a previous run... */
  client?: Omit<LoadSearchConfigOptions, 'definitions' | 'sharedState' | 'spendStore'>;
  /**
   * The cache and rate limits the environment describes (REDIS_URL, SEARCH_CACHE_*, SEARCH_RATE_LIMIT...):
   * `required` (default) throws a malformed cache variable's `SearchConfigError`; `optional` logs it and
   * builds the stack without the cache and the limits; `off` builds none.
   */
  cache?: 'required' | 'optional' | 'off';
  /** The cache's logger (an unreachable Redis, a malformed variable). Default: the client's. */
  cacheLogger?: Logger;
  /**
   * A process that makes one search and exits (the CLI): its cache keeps no subscription for forgotten
   * users, its memory copy of the answers ending with it. Default false.
   */
  oneShot?: boolean;
  /** The page reader (`readPage` of `@agent-search/reader`); with the cache, reads go through it too. */
  readPage?: PageReadFunction<O, T>;
}

/** A search client as the environment describes it, with what the app needs around it. */
export interface SearchStack<O extends ReadOptions = ReadOptions, T = unknown> {
  /** The providers (for listings), whether search is usable and why not, the chain's own client. */
  config: SearchConfig;
  /** The client to search with: the chain behind the cache and the limits, when there is a cache. */
  client: SearchClient;
  /** The page reader behind the same cache (the `page` kind), when one was given. */
  readPage?: PageReadFunction<O, T>;
  /** The cache, when there is one. */
  cache?: SearchCache;
  /**
   * Sends what the chain learned to the fleet (REDIS_URL: a provider's Retry-After, an open breaker) and
   * closes the cache's connections, in about 1.5 s at most, so the process can exit.
   */
  close(): Promise<void>;
}

const FLUSH_MS = 500;
const CLOSE_MS = 1_000;

/** Resolves after `ms` without keeping the process alive. */
function pause(ms: number): { done: Promise<void>; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const done = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  return { done, cancel: () => clearTimeout(timer) };
}

async function openCache(
  env: Env,
  mode: 'required' | 'optional',
  logger: Logger | undefined,
  oneShot: boolean,
): Promise<SearchCache | undefined> {
  const { createCacheFromEnv } = await import('./from-env.ts');
  try {
    return createCacheFromEnv(env, { ...(logger ? { logger } : {}), ...(oneShot ? { listen: false } : {}) });
  } catch (error) {
    if (mode === 'required' || !SearchConfigError.is(error)) throw error;
    logger?.error(
      { variable: error.variable },
      `${error.message}; searching without the cache and rate limits`,
    );
    return undefined;
  }
}

/**
 * The search stack every app builds from its environment, in one place: the providers
 * (SEARCH_PROVIDER_PRIORITY, their keys, WEB_SEARCH_MAX_RESULTS, SEARCH_TIMEOUT_MS...), the cache and the
 * rate limits around them (with REDIS_URL, also the chain state the fleet shares), and the page reader
 * behind the same cache. Throws `SearchConfigError` for a malformed variable, after closing what it opened.
 */
export async function createSearchStack<O extends ReadOptions = ReadOptions, T = unknown>(
  env: Env,
  options: SearchStackOptions<O, T>,
): Promise<SearchStack<O, T>> {
  const mode = options.cache ?? 'required';
  const cacheLogger = options.cacheLogger ?? options.client?.logger;
  // The cache first: with REDIS_URL, the chain shares what it learns with every process through it.
  const cache =
    mode === 'off' ? undefined : await openCache(env, mode, cacheLogger, options.oneShot === true);
  let config: SearchConfig;
  try {
    config = loadSearchConfig(env, {
      ...options.client,
      definitions: options.definitions,
      ...(cache?.chainState ? { sharedState: { store: cache.chainState } } : {}),
      // The spend budget counted by the whole fleet on the same Redis.
      ...(cache?.spendStore ? { spendStore: cache.spendStore } : {}),
    });
  } catch (error) {
    await cache?.close().catch(() => undefined);
    throw error;
  }
  const { readPage } = options;
  const reader =
    readPage && cache
      ? (await import('./page-cache.ts')).withPageCache(readPage, {
          store: cache.store,
          ...(cacheLogger ? { logger: cacheLogger } : {}),
        })
      : readPage;
  return {
    config,
    client: cache ? cache.wrap(config.client) : config.client,
    ...(reader ? { readPage: reader } : {}),
    ...(cache ? { cache } : {}),
    async close() {
      if (!cache) return;
      // What this process learned reaches the fleet before Redis closes.
      await config.client.flush?.(FLUSH_MS);
      const limit = pause(CLOSE_MS);
      await Promise.race([cache.close().catch(() => undefined), limit.done]);
      limit.cancel();
    },
  };
}

/**
 * Values never to print or log: every provider's API key, REDIS_URL (it may hold a password) and the
 * app's own `variables` (a server's token). Values too short to be real keys are left out, so a
 * placeholder like "test" does not blank out results.
 */
export function secretsOf(
  env: Env,
  definitions: readonly ProviderDefinition[],
  variables: readonly string[] = [],
): string[] {
  const names = [...definitions.flatMap(apiKeyVariables), 'REDIS_URL', ...variables];
  return names.map((n) => env[n]?.trim() ?? '').filter((v) => v.length >= 8);
}

export { CACHE_VARIABLES } from './cache-settings.ts';
export {
  type AppVariables,
  checkSearchEnv,
  type MistypedVariable,
  type SearchEnvCheck,
  type SearchEnvCheckOptions,
} from './env-check.ts';
