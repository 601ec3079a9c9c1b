import type { ProviderKit } from '@agent-search/testing/kit';
import { PROVIDER_DEFINITIONS } from './definitions.ts';

/**
 * Every registered provider's test kit, in registry order: what the shared suites loop over (the bench's
 * hostile matrix, the apps' tests). Not published. Each kit is the `./testing` entry point of the
 * provider's package, `@agent-search/provider-<id>`, so registering a provider registers its kit.
 */
export async function loadProviderKits(): Promise<ProviderKit[]> {
  return Promise.all(PROVIDER_DEFINITIONS.map((definition) => loadKit(definition.id)));
}

async function loadKit(id: string): Promise<ProviderKit> {
  const module = (await import(`@agent-search/provider-${id}/testing`)) as { kit?: ProviderKit };
  if (module.kit?.definition.id !== id) {
    throw new TypeError(`@agent-search/provider-${id}/testing exports no kit for "${id}"`);
  }
  return module.kit;
}

/** The kit of the registered provider `id`. */
export async function providerKit(id: string): Promise<ProviderKit> {
  if (!PROVIDER_DEFINITIONS.some((d) => d.id === id))
    throw new TypeError(`no provider "${id}" is registered`);
  return loadKit(id);
}
