import {
  type Env,
  loadSearchConfig,
  type ProviderDefinition,
  SearchConfigError,
  searchConfigVariables,
} from '@agent-search/core';
import { CACHE_VARIABLES, readCacheSettings } from './cache-settings.ts';
import { meantVariable } from './variable-typos.ts';

/** An app's own configuration, checked with the stack's: the variables it reads and how it reads them. */
export interface AppVariables {
  /** The names it reads (its own, and those of packages it configures from the environment). */
  names: readonly string[];
  /** Reads them, throwing `SearchConfigError` for a malformed one. */
  read?: (env: Env) => unknown;
}

export interface SearchEnvCheckOptions {
  /** The providers the app ships (`PROVIDER_DEFINITIONS`), whose variables are known and checked. */
  definitions: readonly ProviderDefinition[];
  /** The app's own variables (and readers), besides the stack's. */
  app?: readonly AppVariables[];
}

/** A variable nobody reads, one edit away from one that is read. */
export interface MistypedVariable {
  name: string;
  meant: string;
  /** One sentence: "TAVILY_KEY is not read; did you mean TAVILY_API_KEY?" (the value is never shown). */
  message: string;
}

/** What the check found: variables that look mistyped, and the first malformed one. */
export interface SearchEnvCheck {
  /** Set variables nobody reads that look like a known one mistyped: for the app to warn about. */
  mistyped: MistypedVariable[];
  /**
   * The first malformed variable, in one sentence (the variable, what it held, what it may hold): the app
   * stops at start-up on it.
   */
  error?: SearchConfigError;
}

/**
 * Every variable the search stack and the app read, as `createSearchStack` would read them: the providers'
 * (SEARCH_PROVIDER_PRIORITY, keys, base URLs, WEB_SEARCH_MAX_RESULTS, SEARCH_TIMEOUT_MS...), the cache's
 * (REDIS_URL, SEARCH_CACHE_*, SEARCH_RATE_LIMIT...) and the app's own; and the variables set that nobody
 * reads but look like a known one mistyped. The CLI, the agent and the MCP server call it before anything
 * else, print the warnings and stop on the error, so a malformed value never leaves a server running
 * without its limits or its search. Opens nothing and imports no provider.
 */
export function checkSearchEnv(env: Env, options: SearchEnvCheckOptions): SearchEnvCheck {
  const app = options.app ?? [];
  const known = [
    ...searchConfigVariables(options.definitions),
    ...CACHE_VARIABLES,
    ...app.flatMap((part) => part.names),
  ];
  const mistyped: MistypedVariable[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    const meant = meantVariable(name, known);
    // When the one meant is set too, this one is probably another program's.
    if (meant && !env[meant]?.trim()) {
      mistyped.push({ name, meant, message: `${name} is not read; did you mean ${meant}?` });
    }
  }
  try {
    // Building the configuration is how it is checked: the same readers, so the check cannot drift from
    // them. Its client is lazy: it imports no provider and holds no timer.
    loadSearchConfig(env, { definitions: options.definitions });
    readCacheSettings(env);
    for (const part of app) part.read?.(env);
  } catch (error) {
    if (SearchConfigError.is(error)) return { mistyped, error };
    throw error;
  }
  return { mistyped };
}
