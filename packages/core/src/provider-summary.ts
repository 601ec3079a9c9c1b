import { consentHint, consentSwitchOn, needsConsent } from './consent.ts';
import { readUrl } from './env.ts';
import { SearchConfigError } from './errors.ts';
import { apiKeyFrom, missingSetting, usesKeyless } from './lazy-provider.ts';
import type { Env, ProviderDefinition } from './provider.ts';
import type { ProviderOrder } from './provider-order.ts';

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

/** Shows that a key is set without showing the key. */
export function redactKey(key: string): string {
  return key.length >= 16 ? `…${key.slice(-4)}` : '••••';
}

/**
 * What the configuration makes of one provider: listed or not, configured or not, and why it is not
 * enabled. Checks a listed provider's key and endpoint override here, once for every provider, before use.
 */
export function summarizeProvider(
  definition: ProviderDefinition,
  env: Env,
  order: ProviderOrder,
): ProviderSummary {
  const { id } = definition;
  // Without SEARCH_PROVIDER_PRIORITY, a provider needing consent keeps its place but is used only when
  // its switch is on; a list naming it (or its group) is consent.
  const asked = !needsConsent(definition) || order.explicit || consentSwitchOn(definition, env);
  const listed = order.priority.includes(id) && asked;
  if (listed && definition.baseUrlEnv) checkBaseUrl(env, definition);
  const found = apiKeyFrom(definition, env);
  if (listed && found) checkKey(found.variable, found.key);
  const missing = missingSetting(definition, env);
  const summary: ProviderSummary = {
    id,
    name: definition.name,
    listed,
    configured: missing === undefined,
    enabled: listed && missing === undefined,
  };
  if (found?.key) summary.apiKey = redactKey(found.key);
  if (usesKeyless(definition, env)) summary.keyless = true;
  const cost = summaryCost(definition, summary.keyless === true);
  if (cost !== undefined) summary.costUsd = cost;
  if (!asked) {
    summary.needsConsent = true;
    summary.reason = `paid, and off until asked for: ${consentHint(definition)}`;
  } else if (!listed) summary.reason = 'not in SEARCH_PROVIDER_PRIORITY';
  else if (missing) summary.reason = `${missing} not set`;
  return summary;
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
