import { raceAbort } from './abort.ts';
import { SearchError } from './errors.ts';
import type { Env, ProviderDefinition, SearchProvider } from './provider.ts';

/** Set when the definition has what it needs from `env`: its API key, and its base URL when it has no default. */
export function missingSetting(definition: ProviderDefinition, env: Env): string | undefined {
  if (definition.apiKeyEnv && !env[definition.apiKeyEnv]?.trim()) return definition.apiKeyEnv;
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
    async search(request, options) {
      const provider = await raceAbort(load(), options.signal);
      return provider.search(request, options);
    },
  };
}
