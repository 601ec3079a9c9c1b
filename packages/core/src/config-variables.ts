import { apiKeyVariables } from './lazy-provider.ts';
import type { ProviderDefinition } from './provider.ts';

/**
 * The variables `loadSearchConfig` reads besides the providers' own (config.ts, profiles.ts and the spend budget's budget/spend-budget.ts), so a start-up
 * check can tell a variable that is read from one that is not. `config-variables.test.ts` keeps the list
 * in step with what those modules read.
 */
export const SEARCH_CONFIG_VARIABLES = [
  'SEARCH_PROVIDER_PRIORITY',
  'WEB_SEARCH_MAX_RESULTS',
  'SEARCH_TIMEOUT_MS',
  'SEARCH_ATTEMPT_TIMEOUT_MS',
  'SEARCH_HEDGE_MS',
  'SEARCH_PROFILES',
  'SEARCH_BUDGET_USD',
  'SEARCH_BUDGET_MONTHLY_USD',
] as const;

/** Every variable `loadSearchConfig` reads with `definitions`: its own and each provider's (key, base URL, keyless switch, consent switch). */
export function searchConfigVariables(definitions: readonly ProviderDefinition[]): string[] {
  const names: string[] = [...SEARCH_CONFIG_VARIABLES];
  for (const d of definitions) {
    names.push(...apiKeyVariables(d));
    if (d.baseUrlEnv) names.push(d.baseUrlEnv);
    if (d.keyless) names.push(d.keyless.env);
    if (d.consent) names.push(d.consent.env);
  }
  return [...new Set(names)];
}
