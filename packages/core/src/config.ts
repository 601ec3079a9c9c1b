import { spendBudgetFromEnv } from './budget/spend-budget.ts';
import type { SpendStore } from './budget/spend-store.ts';
import { createSearchClient, type SearchClient, type SearchClientOptions } from './client.ts';
import { describeSearchCost } from './cost-note.ts';
import { readInteger } from './env.ts';
import { lazyProvider } from './lazy-provider.ts';
import { profilesFromEnv } from './profiles.ts';
import type { Env, ProviderDefinition } from './provider.ts';
import { providerOrder } from './provider-order.ts';
import { type ProviderSummary, summarizeProvider } from './provider-summary.ts';
import { MAX_RESULTS_LIMIT } from './request.ts';

export interface SearchConfig {
  client: SearchClient;
  /** False when no provider is usable: the agent should say that search is unavailable. */
  enabled: boolean;
  /** Why search is disabled, in a sentence a person understands. */
  reason?: string;
  /** Every known provider, in priority order (listed ones first). */
  providers: ProviderSummary[];
  /**
   * What the enabled providers cost, and which paid ones are off until asked for and how to turn them on,
   * in sentences for a start-up log (`describeSearchCost`).
   */
  cost: string;
  maxResults: number;
  timeoutMs: number;
}

export interface LoadSearchConfigOptions extends Omit<SearchClientOptions, 'providers'> {
  /**
   * The providers this app ships, in default priority order (`PROVIDER_DEFINITIONS` from
   * `@agent-search/registry`, or a list of packages' `providerDefinition`s). Only those used are imported.
   */
  definitions: readonly ProviderDefinition[];
  /**
   * Where SEARCH_BUDGET_USD's spend is counted: a fleet's Redis (`createRedisSpendStore`, which
   * `createSearchStack` passes with REDIS_URL). Default: this process.
   */
  spendStore?: SpendStore;
}

/**
 * Reads the search configuration from the environment and builds a ready client:
 * SEARCH_PROVIDER_PRIORITY (provider ids or group names such as `native`; default: every definition, in the
 * order given, those searching keyless last), <PROVIDER>_API_KEY, the
 * switches of keyless modes, the providers' base-URL variables, WEB_SEARCH_MAX_RESULTS, SEARCH_TIMEOUT_MS,
 * SEARCH_ATTEMPT_TIMEOUT_MS, SEARCH_HEDGE_MS and SEARCH_PROFILES. Throws `SearchConfigError` for malformed values.
 */
export function loadSearchConfig(env: Env, options: LoadSearchConfigOptions): SearchConfig {
  const { definitions, spendStore, ...clientOptions } = options;
  const order = providerOrder(env, definitions);
  const times = readClientTimes(env, clientOptions);
  // SEARCH_PROFILES on top of the profiles given (e.g. a domain package's), or of the built-ins.
  const profiles = profilesFromEnv(env, clientOptions.profiles);
  // SEARCH_BUDGET_USD, SEARCH_BUDGET_MONTHLY_USD: what paid providers may spend.
  const spendBudget = clientOptions.spendBudget ?? spendBudgetFromEnv(env, spendStore, clientOptions.now);

  const known = new Map(definitions.map((d) => [d.id, d]));
  const summaries = order.all.map((id) => summarizeProvider(known.get(id)!, env, order));
  const providers = summaries.filter((s) => s.enabled).map((s) => lazyProvider(known.get(s.id)!, env));

  const client = createSearchClient({
    ...clientOptions,
    providers,
    profiles,
    timeoutMs: times.timeoutMs,
    defaultMaxResults: times.maxResults,
    ...(spendBudget ? { spendBudget } : {}),
    ...(times.attemptTimeoutMs === undefined ? {} : { attemptTimeoutMs: times.attemptTimeoutMs }),
    ...hedgeOverride(times.hedgeMs, clientOptions.hedge),
  });
  const config: SearchConfig = {
    client,
    enabled: providers.length > 0,
    providers: summaries,
    cost: describeSearchCost(summaries, spendBudget),
    maxResults: times.maxResults,
    timeoutMs: times.timeoutMs,
  };
  if (!config.enabled) config.reason = unavailableReason(summaries);
  return config;
}

/** The client's sizes and times: the environment's, else the options', else the defaults. */
interface ClientTimes {
  maxResults: number;
  timeoutMs: number;
  attemptTimeoutMs: number | undefined;
  hedgeMs: number | undefined;
}

function readClientTimes(env: Env, options: Omit<SearchClientOptions, 'providers'>): ClientTimes {
  const maxResults =
    readInteger(env, 'WEB_SEARCH_MAX_RESULTS', { min: 1, max: MAX_RESULTS_LIMIT }) ??
    options.defaultMaxResults ??
    5;
  const timeoutMs =
    readInteger(env, 'SEARCH_TIMEOUT_MS', { min: 100, max: 120_000 }) ?? options.timeoutMs ?? 8_000;
  const attemptTimeoutMs =
    readInteger(env, 'SEARCH_ATTEMPT_TIMEOUT_MS', { min: 100, max: 120_000 }) ?? options.attemptTimeoutMs;
  const hedgeMs = readInteger(env, 'SEARCH_HEDGE_MS', { min: 0, max: 120_000 });
  return { maxResults, timeoutMs, attemptTimeoutMs, hedgeMs };
}

/** SEARCH_HEDGE_MS: a fixed hedge delay; 0 turns hedging off (default: adaptive, or the options'). */
function hedgeOverride(
  hedgeMs: number | undefined,
  hedge: SearchClientOptions['hedge'],
): Pick<SearchClientOptions, 'hedge'> {
  if (hedgeMs === 0) return { hedge: false };
  if (hedgeMs) return { hedge: { ...(hedge || {}), delayMs: hedgeMs } };
  return {};
}

/** Why search is unavailable, every provider with its reason. */
function unavailableReason(summaries: readonly ProviderSummary[]): string {
  return `Web search is unavailable: no search provider is usable (${summaries
    .map((s) => `${s.id}: ${s.reason}`)
    .join('; ')}).`;
}
