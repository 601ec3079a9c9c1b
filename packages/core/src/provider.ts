import type { SearchMode, SearchRequest } from './request.ts';
import type { RawResult } from './result.ts';

/** What a provider can do; the client skips providers that cannot serve a request. */
export interface ProviderCapabilities {
  modes: readonly SearchMode[];
  /** Honours `request.timeRange`. */
  timeRange: boolean;
  /** How `includeDomains`/`excludeDomains` are applied: by the API, as `site:` query terms, or not at all. */
  domainFilter: 'native' | 'site-operator' | 'none';
  safeSearch: boolean;
  region: boolean;
  requiresApiKey: boolean;
  /** Returns page text in `content` when `request.includeContent` is set. */
  pageContent?: boolean;
}

export interface ProviderSearchOptions {
  /** Aborted when the attempt times out, the overall deadline passes or the caller gives up. */
  signal: AbortSignal;
}

export interface ProviderResponse {
  results: RawResult[];
  /** The provider's own estimate of all matches, when it reports one. */
  totalResults?: number;
  /** The provider's own answer in prose, when it writes one (a model's search cites its results in it). */
  answer?: unknown;
}

/**
 * Version 1 of the provider specification. A provider maps a normalized request onto one upstream API
 * and throws `SearchError`s with the right code; cleaning and de-duplicating results is core's job.
 */
export interface SearchProviderV1 {
  readonly specificationVersion: 'v1';
  /** Stable lower-case id used in configuration, logs and `result.provider`: "duckduckgo", "tavily". */
  readonly id: string;
  /** Human name: "DuckDuckGo". */
  readonly name: string;
  readonly capabilities: ProviderCapabilities;
  /** False when the provider lacks what it needs (an API key); it is skipped, not failed. */
  readonly configured: boolean;
  /** Searches without a key, in the API's keyless mode (limits shared by every keyless caller). */
  readonly keyless?: boolean;
  /**
   * What one request costs (`ProviderDefinition.price`): the chain counts it in each attempt and, with a
   * spend budget, reserves it before sending. Absent: unknown, counted as free.
   */
  readonly price?: ProviderPrice;
  search(request: SearchRequest, options: ProviderSearchOptions): Promise<ProviderResponse>;
}

export type SearchProvider = SearchProviderV1;

/**
 * What one request to a provider costs the user, in US dollars, at its list price (the source and date are
 * on the provider's doc page). A request sent counts, whatever it answers; one the upstream refused with an
 * HTTP error does not (vendors do not bill those).
 */
export interface ProviderPrice {
  /** One request in the default mode; 0 for a free provider. */
  usd: number;
  /** Modes that cost otherwise. */
  modes?: Partial<Record<SearchMode, number>>;
  /** A request asking for page text (`includeContent`), when that costs otherwise. */
  withContentUsd?: number;
}

/** What `request` costs on `provider`, in US dollars: 0 when free, keyless or unpriced. */
export function requestCostUsd(provider: SearchProvider, request: SearchRequest): number {
  const price = provider.price;
  if (!price || provider.keyless) return 0;
  if (request.includeContent && price.withContentUsd !== undefined) return price.withContentUsd;
  return price.modes?.[request.mode] ?? price.usd;
}

/** Costs money on some request: a price above zero, and a key of its own (keyless searches are free). */
export function isPaid(provider: Pick<SearchProvider, 'price' | 'keyless'>): boolean {
  const price = provider.price;
  if (!price || provider.keyless) return false;
  return (
    price.usd > 0 ||
    Object.values(price.modes ?? {}).some((usd) => (usd ?? 0) > 0) ||
    (price.withContentUsd ?? 0) > 0
  );
}

/** Why `provider` cannot serve `request`, or undefined when it can. */
export function unsupportedReason(provider: SearchProvider, request: SearchRequest): string | undefined {
  const caps = provider.capabilities;
  if (!provider.configured) return 'not configured';
  if (!caps.modes.includes(request.mode)) return `no ${request.mode} search`;
  if (request.timeRange && !caps.timeRange) return 'no time-range filter';
  if (
    (request.includeDomains.length > 0 || request.excludeDomains.length > 0) &&
    caps.domainFilter === 'none'
  ) {
    return 'no domain filter';
  }
  return undefined;
}

export type Env = Readonly<Record<string, string | undefined>>;

/** What a provider package's entry point exports so configuration can build the provider. */
export interface ProviderModule {
  /** Builds the provider from the environment; `configured` is false when its key is missing. */
  fromEnv(env: Env): SearchProvider;
}

/**
 * What configuration knows about a provider without importing it: each provider package exports one as
 * `providerDefinition` from a light `/definition` entry point, and `load()` imports the package itself,
 * so an app pays for the providers it uses, not for every one it ships.
 */
export interface ProviderDefinition {
  /** The provider's id, as in SEARCH_PROVIDER_PRIORITY: "duckduckgo", "brave". */
  id: string;
  name: string;
  /** Environment variable holding the API key, for providers that need one ("TAVILY_API_KEY"). */
  apiKeyEnv?: string;
  /**
   * Other variables the key is read from when `apiKeyEnv` is unset, in this order (Gemini's key is also
   * `GOOGLE_API_KEY`, as Google's SDK reads it). Apps redact them like `apiKeyEnv` (`apiKeyVariables`).
   */
  apiKeyEnvFallbacks?: readonly string[];
  /** Environment variable overriding the API base URL (proxies, gateways, self-hosted instances, tests). */
  baseUrlEnv?: string;
  /** The provider has no public endpoint (a self-hosted SearXNG): it is configured only once `baseUrlEnv` is set. */
  baseUrlRequired?: boolean;
  /**
   * The API also answers without a key, in a keyless mode with shared limits: without `apiKeyEnv` the
   * provider is still configured, unless the boolean variable `env` turns keyless mode off (default on).
   */
  keyless?: { env: string };
  /**
   * A name SEARCH_PROVIDER_PRIORITY may list instead of ids: every provider of the group, in definition
   * order (the LLM vendors' own searches share one, so a user names them once, whichever has its key).
   */
  group?: string;
  /**
   * The key is one users set for something else (an LLM vendor's key, set for the model): having it does
   * not switch on this paid search. The provider is used only when SEARCH_PROVIDER_PRIORITY names it (or its
   * group), or the boolean variable `env` is on (it then takes its place in the default order).
   */
  consent?: { env: string };
  /** What one request costs (US dollars at list price; see `ProviderPrice`). */
  price?: ProviderPrice;
  capabilities: ProviderCapabilities;
  /** Imports the provider's package (`import('./index.ts')`); configuration calls it on the first search. */
  load(): Promise<ProviderModule>;
}
