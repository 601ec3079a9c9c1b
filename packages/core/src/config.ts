import { spendBudgetFromEnv } from './budget/spend-budget.ts';
import type { SpendStore } from './budget/spend-store.ts';
import { createSearchClient, type SearchClient, type SearchClientOptions } from './client.ts';
import { consentHint, consentSwitchOn, needsConsent } from './consent.ts';
import { describeSearchCost } from './cost-note.ts';
import { readInteger, readUrl } from './env.ts';
import { SearchConfigError } from './errors.ts';
import { apiKeyFrom, lazyProvider, missingSetting, usesKeyless } from './lazy-provider.ts';
import { profilesFromEnv } from './profiles.ts';
import type { Env, ProviderDefinition, SearchProvider } from './provider.ts';
import { MAX_RESULTS_LIMIT } from './request.ts';

export interface ProviderSummary {
  id: string;
  name: string;
  /** Listed in SEARCH_PROVIDER_PRIORITY. */
  listed: boolean;
  /** Has what it needs (an API key where one is required). */
  configured: boolean;
  /** Listed and configured: the client will use it. */
  enabled: boolean;
  /** The API key, redacted ("…f3a9"), when one is set. */
  apiKey?: string;
  /** Searches without a key, in the API's keyless mode (shared limits). */
  keyless?: boolean;
  /** Why it is not enabled. */
  reason?: string;
  /**
   * Off until the configuration asks for it: its key is one users set for something else (an LLM vendor's),
   * so having it does not switch on this paid search. Set when it is off for that reason.
   */
  needsConsent?: boolean;
  /** What one request costs in the default mode, in US dollars (0: free or keyless), when known. */
  costUsd?: number;
}

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

/** Shows that a key is set without showing the key. */
export function redactKey(key: string): string {
  return key.length >= 16 ? `…${key.slice(-4)}` : '••••';
}

// What a mistyped provider id looks like ("tavly", "duck-duck-go"). Anything else (digits, length: a key
// or a URL pasted into the wrong variable) is never quoted back.
const PROVIDER_ID_TYPO = /^[a-z][a-z_-]{0,15}$/;

function readPriority(env: Env, definitions: readonly ProviderDefinition[]): string[] {
  const ids = definitions.map((d) => d.id);
  const raw = env.SEARCH_PROVIDER_PRIORITY;
  if (raw === undefined || raw.trim() === '') return ids;
  // A group name stands for its members, in definition order; a provider id shadows a group of its name.
  const groups = new Map<string, string[]>();
  for (const d of definitions) {
    if (d.group && !ids.includes(d.group)) groups.set(d.group, [...(groups.get(d.group) ?? []), d.id]);
  }
  const names = raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
  const list = [...ids, ...groups.keys()].join(', ');
  if (names.length === 0) {
    throw new SearchConfigError('SEARCH_PROVIDER_PRIORITY', `names no provider (expected some of: ${list})`);
  }
  const seen = new Set<string>();
  const priority: string[] = [];
  for (const [n, name] of names.entries()) {
    const members = ids.includes(name) ? [name] : groups.get(name);
    if (!members) {
      const what = PROVIDER_ID_TYPO.test(name)
        ? `"${name}"`
        : `number ${n + 1} (not shown: it looks like a key or an address, not a provider id)`;
      throw new SearchConfigError('SEARCH_PROVIDER_PRIORITY', `unknown provider ${what} (known: ${list})`);
    }
    if (seen.has(name)) throw new SearchConfigError('SEARCH_PROVIDER_PRIORITY', `"${name}" is listed twice`);
    seen.add(name);
    // A provider named both alone and through its group keeps its first place.
    for (const id of members) if (!priority.includes(id)) priority.push(id);
  }
  return priority;
}

/** A definition's default-mode price per request, 0 when it searches keyless, undefined when unpriced. */
function summaryCost(definition: ProviderDefinition, keyless: boolean): number | undefined {
  if (!definition.price) return undefined;
  return keyless ? 0 : definition.price.usd;
}

/**
 * An API key goes into an HTTP header: anything but visible ASCII (a space, a line break, a non-ASCII
 * letter) or a quote is a pasting mistake that would otherwise surface as a network error. Never quoted.
 */
function checkKey(variable: string, key: string): void {
  if (!/^[\x21-\x7e]+$/.test(key) || /["'`]/.test(key)) {
    throw new SearchConfigError(
      variable,
      'holds characters an API key cannot have (spaces, line breaks, quotes or non-ASCII letters); paste the key again',
    );
  }
}

/** A base URL override: http(s), and no credentials in it (fetch refuses them; keys have their own variable). */
function checkBaseUrl(env: Env, definition: ProviderDefinition): void {
  const variable = definition.baseUrlEnv!;
  const url = readUrl(env, variable, ['https:', 'http:']);
  if (url && (url.username !== '' || url.password !== '')) {
    const key = definition.apiKeyEnv ? `; the key goes in ${definition.apiKeyEnv}` : '';
    throw new SearchConfigError(variable, `must not hold a user name or password (user:password@)${key}`);
  }
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
  const known = new Map(definitions.map((d) => [d.id, d]));
  const listedOrder = readPriority(env, definitions);
  // By default a provider searching keyless (shared limits) is the last resort, after every keyed one;
  // an explicit SEARCH_PROVIDER_PRIORITY is taken as written.
  const explicit = Boolean(env.SEARCH_PROVIDER_PRIORITY?.trim());
  const priority = explicit
    ? listedOrder
    : [
        ...listedOrder.filter((id) => !usesKeyless(known.get(id)!, env)),
        ...listedOrder.filter((id) => usesKeyless(known.get(id)!, env)),
      ];
  const maxResults =
    readInteger(env, 'WEB_SEARCH_MAX_RESULTS', { min: 1, max: MAX_RESULTS_LIMIT }) ??
    clientOptions.defaultMaxResults ??
    5;
  const timeoutMs =
    readInteger(env, 'SEARCH_TIMEOUT_MS', { min: 100, max: 120_000 }) ?? clientOptions.timeoutMs ?? 8_000;
  const attemptTimeoutMs =
    readInteger(env, 'SEARCH_ATTEMPT_TIMEOUT_MS', { min: 100, max: 120_000 }) ??
    clientOptions.attemptTimeoutMs;
  const hedgeMs = readInteger(env, 'SEARCH_HEDGE_MS', { min: 0, max: 120_000 });
  // SEARCH_PROFILES on top of the profiles given (e.g. a domain package's), or of the built-ins.
  const profiles = profilesFromEnv(env, clientOptions.profiles);
  // SEARCH_BUDGET_USD, SEARCH_BUDGET_MONTHLY_USD: what paid providers may spend.
  const spendBudget = clientOptions.spendBudget ?? spendBudgetFromEnv(env, spendStore, clientOptions.now);

  const providers: SearchProvider[] = [];
  const summaries: ProviderSummary[] = [];
  const ordered = [...priority, ...definitions.map((d) => d.id).filter((id) => !priority.includes(id))];
  for (const id of ordered) {
    const definition = known.get(id)!;
    // Without SEARCH_PROVIDER_PRIORITY, a provider needing consent keeps its place but is used only when
    // its switch is on; a list naming it (or its group) is consent.
    const asked = !needsConsent(definition) || explicit || consentSwitchOn(definition, env);
    const listed = priority.includes(id) && asked;
    // A provider's endpoint override is checked here, once for every provider, before it is used.
    if (listed && definition.baseUrlEnv) checkBaseUrl(env, definition);
    const found = apiKeyFrom(definition, env);
    const key = found?.key;
    if (listed && found) checkKey(found.variable, found.key);
    const missing = missingSetting(definition, env);
    const summary: ProviderSummary = {
      id,
      name: definition.name,
      listed,
      configured: missing === undefined,
      enabled: listed && missing === undefined,
    };
    if (key) summary.apiKey = redactKey(key);
    if (usesKeyless(definition, env)) summary.keyless = true;
    const cost = summaryCost(definition, summary.keyless === true);
    if (cost !== undefined) summary.costUsd = cost;
    if (!asked) {
      summary.needsConsent = true;
      summary.reason = `paid, and off until asked for: ${consentHint(definition)}`;
    } else if (!listed) summary.reason = 'not in SEARCH_PROVIDER_PRIORITY';
    else if (missing) summary.reason = `${missing} not set`;
    summaries.push(summary);
    if (summary.enabled) {
      providers.push(lazyProvider(definition, env));
    }
  }

  const client = createSearchClient({
    ...clientOptions,
    providers,
    profiles,
    timeoutMs,
    defaultMaxResults: maxResults,
    ...(spendBudget ? { spendBudget } : {}),
    ...(attemptTimeoutMs === undefined ? {} : { attemptTimeoutMs }),
    // SEARCH_HEDGE_MS: a fixed hedge delay; 0 turns hedging off (default: adaptive).
    ...(hedgeMs === 0 ? { hedge: false as const } : {}),
    ...(hedgeMs ? { hedge: { ...(clientOptions.hedge || {}), delayMs: hedgeMs } } : {}),
  });
  const config: SearchConfig = {
    client,
    enabled: providers.length > 0,
    providers: summaries,
    cost: describeSearchCost(summaries, spendBudget),
    maxResults,
    timeoutMs,
  };
  if (!config.enabled) {
    config.reason = `Web search is unavailable: no search provider is usable (${summaries
      .map((s) => `${s.id}: ${s.reason}`)
      .join('; ')}).`;
  }
  return config;
}
