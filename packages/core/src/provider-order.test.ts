import { describe, expect, it } from 'vitest';
import { SearchConfigError } from './errors.ts';
import type { ProviderDefinition } from './provider.ts';
import { providerOrder } from './provider-order.ts';

function definition(id: string, extra: Partial<ProviderDefinition> = {}): ProviderDefinition {
  return {
    id,
    name: id.toUpperCase(),
    capabilities: {
      modes: ['text'],
      timeRange: false,
      domainFilter: 'none',
      safeSearch: false,
      region: false,
      requiresApiKey: Boolean(extra.apiKeyEnv),
    },
    load: () => Promise.reject(new Error('not loaded in these tests')),
    ...extra,
  };
}

const definitions = [
  // Searches keyless until its key is set.
  definition('open', { apiKeyEnv: 'OPEN_API_KEY', keyless: { env: 'OPEN_KEYLESS' } }),
  definition('keyed', { apiKeyEnv: 'KEYED_API_KEY' }),
  definition('native-a', { group: 'native' }),
  definition('native-b', { group: 'native' }),
];

describe('providerOrder', () => {
  it('puts a provider searching keyless last by default, and keeps definition order otherwise', () => {
    expect(providerOrder({}, definitions)).toEqual({
      priority: ['keyed', 'native-a', 'native-b', 'open'],
      explicit: false,
      all: ['keyed', 'native-a', 'native-b', 'open'],
    });
    // With its key, it searches keyed and keeps its place.
    expect(providerOrder({ OPEN_API_KEY: 'k' }, definitions).priority).toEqual([
      'open',
      'keyed',
      'native-a',
      'native-b',
    ]);
  });

  it('takes SEARCH_PROVIDER_PRIORITY as written, groups in definition order, the rest listed after', () => {
    expect(providerOrder({ SEARCH_PROVIDER_PRIORITY: ' open , native ' }, definitions)).toEqual({
      priority: ['open', 'native-a', 'native-b'],
      explicit: true,
      all: ['open', 'native-a', 'native-b', 'keyed'],
    });
  });

  it('refuses an unknown name, quoting it only when it looks like a provider id', () => {
    const order = (value: string) => () => providerOrder({ SEARCH_PROVIDER_PRIORITY: value }, definitions);
    expect(order('keyd')).toThrow(SearchConfigError);
    expect(order('keyd')).toThrow(/unknown provider "keyd"/);
    expect(order('keyed,sk-12345secret')).toThrow(/number 2 \(not shown/);
    expect(order('keyed,sk-12345secret')).not.toThrow(/sk-12345secret/);
    expect(order('keyed, keyed')).toThrow(/"keyed" is listed twice/);
    expect(order(' , ')).toThrow(/names no provider/);
  });
});
