import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readToolSets, SEARCH_CONFIG_VARIABLES, searchConfigVariables } from './config-variables.ts';
import type { ProviderDefinition } from './provider.ts';

/** The upper-case variable names a module's source reads: `env.NAME`, `env['NAME']` or a `'NAME'` handed to a reader. */
function namesReadBy(file: string): string[] {
  const source = readFileSync(new URL(file, import.meta.url), 'utf8');
  const names = new Set<string>();
  for (const m of source.matchAll(/env(?:\.|\[')([A-Z][A-Z0-9_]{2,})|'([A-Z][A-Z0-9]*_[A-Z0-9_]+)'/g)) {
    names.add((m[1] ?? m[2])!);
  }
  return [...names];
}

describe('SEARCH_CONFIG_VARIABLES', () => {
  it('holds every variable config.ts, profiles.ts and the spend budget read', () => {
    const read = [
      ...namesReadBy('./config.ts'),
      ...namesReadBy('./profiles.ts'),
      ...namesReadBy('./budget/spend-budget.ts'),
    ];
    expect(read.length).toBeGreaterThanOrEqual(5);
    for (const name of read) expect(SEARCH_CONFIG_VARIABLES, name).toContain(name);
  });
});

describe('searchConfigVariables', () => {
  it('adds each definition’s key variables, base-URL variable, keyless and consent switches, once each', () => {
    const caps = {
      modes: ['text'] as const,
      timeRange: false,
      domainFilter: 'none' as const,
      safeSearch: false,
      region: false,
      requiresApiKey: true,
    };
    const definitions: ProviderDefinition[] = [
      {
        id: 'alpha',
        name: 'Alpha',
        apiKeyEnv: 'ALPHA_API_KEY',
        apiKeyEnvFallbacks: ['ALPHA_KEY_OLD'],
        baseUrlEnv: 'ALPHA_BASE_URL',
        keyless: { env: 'ALPHA_KEYLESS' },
        capabilities: caps,
        load: async () => ({}) as never,
      },
      {
        id: 'beta',
        name: 'Beta',
        apiKeyEnv: 'ALPHA_API_KEY',
        consent: { env: 'BETA_ON' },
        capabilities: caps,
        load: async () => ({}) as never,
      },
    ];
    const names = searchConfigVariables(definitions);
    expect(names).toEqual([
      ...SEARCH_CONFIG_VARIABLES,
      'ALPHA_API_KEY',
      'ALPHA_KEY_OLD',
      'ALPHA_BASE_URL',
      'ALPHA_KEYLESS',
      'BETA_ON',
    ]);
  });
});

describe('readToolSets (SEARCH_MCP_TOOLS)', () => {
  it('reads a comma-separated list in any case, none when unset', () => {
    expect(readToolSets({})).toEqual([]);
    expect(readToolSets({ SEARCH_MCP_TOOLS: ' Legal , legal' })).toEqual(['legal']);
  });

  it('an unknown set is one sentence naming the variable, the value and what is allowed', () => {
    expect(() => readToolSets({ SEARCH_MCP_TOOLS: 'legal,medical' })).toThrow(
      /SEARCH_MCP_TOOLS.*expected a comma-separated list of legal, got "medical"/,
    );
  });
});
