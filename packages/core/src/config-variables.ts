import { SearchConfigError } from './errors.ts';
import { apiKeyVariables } from './lazy-provider.ts';
import type { Env, ProviderDefinition } from './provider.ts';

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

/**
 * The tool sets a server may offer beside `web_search` and `read_page` (SEARCH_MCP_TOOLS, comma-separated):
 * `legal` is `@agent-search/legal-cn`'s `regulation_search` and `case_search`. Read by the MCP server.
 */
export const TOOL_SETS_VARIABLE = 'SEARCH_MCP_TOOLS';
export const TOOL_SETS = ['legal'] as const;
export type ToolSet = (typeof TOOL_SETS)[number];

/** SEARCH_MCP_TOOLS as a list of tool sets (none when unset); an unknown name is an error naming it. */
export function readToolSets(env: Env): ToolSet[] {
  const raw = env[TOOL_SETS_VARIABLE]?.trim() ?? '';
  const sets = new Set<ToolSet>();
  for (const name of raw.split(',').map((s) => s.trim().toLowerCase())) {
    if (name === '') continue;
    const known = TOOL_SETS.find((set) => set === name);
    if (!known) {
      throw new SearchConfigError(
        TOOL_SETS_VARIABLE,
        `expected a comma-separated list of ${TOOL_SETS.join(', ')}, got "${name.slice(0, 40)}"`,
      );
    }
    sets.add(known);
  }
  return [...sets];
}
