import { describe, expect, it } from 'vitest';
import { SearchConfigError } from './errors.ts';
import type { ProviderDefinition } from './provider.ts';
import { providerOrder } from './provider-order.ts';
import { redactKey, summarizeProvider } from './provider-summary.ts';

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

const paid = definition('paid', { apiKeyEnv: 'PAID_API_KEY', price: { usd: 0.008 } });
const vendor = definition('vendor', { apiKeyEnv: 'VENDOR_API_KEY', consent: { env: 'VENDOR_SEARCH' } });
const hosted = definition('hosted', { baseUrlEnv: 'HOSTED_URL' });
const definitions = [paid, vendor, hosted];

function summary(d: ProviderDefinition, env: Record<string, string>) {
  return summarizeProvider(d, env, providerOrder(env, definitions));
}

describe('summarizeProvider', () => {
  it('enables a listed provider with its key, shown redacted, with its price', () => {
    const key = 'pk-0123456789abcdef';
    expect(summary(paid, { PAID_API_KEY: key })).toEqual({
      id: 'paid',
      name: 'PAID',
      listed: true,
      configured: true,
      enabled: true,
      apiKey: redactKey(key),
      costUsd: 0.008,
    });
    expect(JSON.stringify(summary(paid, { PAID_API_KEY: key }))).not.toContain('0123456789');
  });

  it('says why a provider is not enabled', () => {
    expect(summary(paid, {}).reason).toBe('PAID_API_KEY not set');
    expect(summary(paid, { SEARCH_PROVIDER_PRIORITY: 'hosted' }).reason).toBe(
      'not in SEARCH_PROVIDER_PRIORITY',
    );
    // A key set for something else is no consent to a paid search; listing it is.
    const off = summary(vendor, { VENDOR_API_KEY: 'vk-0123456789abcdef' });
    expect(off).toMatchObject({ enabled: false, needsConsent: true });
    expect(off.reason).toMatch(/^paid, and off until asked for: /);
    expect(summary(vendor, { VENDOR_API_KEY: 'vk-0123456789abcdef', VENDOR_SEARCH: 'true' }).enabled).toBe(
      true,
    );
  });

  it('checks a listed provider key and endpoint, never quoting them', () => {
    const badKey = () => summary(paid, { PAID_API_KEY: 'pk with space' });
    expect(badKey).toThrow(SearchConfigError);
    expect(badKey).not.toThrow(/with space/);
    const badUrl = () => summary(hosted, { HOSTED_URL: 'https://user:secret@search.example/' });
    expect(badUrl).toThrow(/must not hold a user name or password/);
    expect(badUrl).not.toThrow(/secret/);
    // Not listed: not checked, not used.
    expect(summary(paid, { PAID_API_KEY: 'pk with space', SEARCH_PROVIDER_PRIORITY: 'hosted' }).listed).toBe(
      false,
    );
  });
});
