import { raceAbort } from './abort.ts';
import { readBoolean } from './env.ts';
import { SearchError } from './errors.ts';
import type { Env, ProviderDefinition, SearchProvider } from './provider.ts';

/** Every variable the definition's key is read from: `apiKeyEnv`, then its fallbacks. */
export function apiKeyVariables(definition: ProviderDefinition): string[] {
  return definition.apiKeyEnv ? [definition.apiKeyEnv, ...(definition.apiKeyEnvFallbacks ?? [])] : [];
}

/** The definition's API key in `env` and the variable it came from, or undefined when none is set. */
export function apiKeyFrom(
  definition: ProviderDefinition,
  env: Env,
): { variable: string; key: string } | undefined {
  for (const variable of apiKeyVariables(definition)) {
    const key = env[variable]?.trim();
    if (key) return { variable, key };
  }
  return undefined;
}

/** True when the definition's provider will search without a key: it has a keyless mode, not turned off. */
export function usesKeyless(definition: ProviderDefinition, env: Env): boolean {
  if (!definition.keyless || !definition.apiKeyEnv || apiKeyFrom(definition, env)) return false;
  return readBoolean(env, definition.keyless.env, true);
}

/**
 * Set when the definition lacks what it needs from `env`: its API key (unless it searches keyless), and its
 * base URL when it has no default.
 */
export function missingSetting(definition: ProviderDefinition, env: Env): string | undefined {
  if (definition.apiKeyEnv && !apiKeyFrom(definition, env) && !usesKeyless(definition, env)) {
    return definition.apiKeyEnv;
  }
  if (definition.baseUrlRequired && definition.baseUrlEnv && !env[definition.baseUrlEnv]?.trim()) {
    return definition.baseUrlEnv;
  }
  return undefined;
}

/**
 * The provider `definition` describes, built from `env` on its first search: its package is imported
 * then (once, shared by concurrent searches), so configuring or listing providers imports none of them.
 */
export function lazyProvider(definition: ProviderDefinition, env: Env): SearchProvider {
  let loading: Promise<SearchProvider> | undefined;
  const load = () => {
    loading ??= definition.load().then(
      (module) => module.fromEnv(env),
      (error: unknown) => {
        throw new SearchError(
          'provider_error',
          `${definition.name} could not be loaded (its package is missing or broken)`,
          {
            provider: definition.id,
            cause: error,
          },
        );
      },
    );
    return loading;
  };
  return {
    specificationVersion: 'v1',
    id: definition.id,
    name: definition.name,
    capabilities: definition.capabilities,
    configured: missingSetting(definition, env) === undefined,
    ...(usesKeyless(definition, env) ? { keyless: true } : {}),
    ...(definition.price ? { price: definition.price } : {}),
    async search(request, options) {
      const provider = await raceAbort(load(), options.signal);
      return provider.search(request, options);
    },
  };
}
