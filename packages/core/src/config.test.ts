// Imported by path, not as a dependency: testing depends on core, and a dev dependency back would be a cycle.

import { describe, expect, it } from 'vitest';
import { createHttpTestProvider } from '../../testing/src/index.ts';
import { loadSearchConfig } from './config.ts';
import { SearchConfigError } from './errors.ts';
import type { ProviderDefinition } from './provider.ts';

const caps = {
  modes: ['text', 'news'] as const,
  timeRange: true,
  domainFilter: 'native' as const,
  safeSearch: false,
  region: false,
  requiresApiKey: true,
};

function definition(id: string, apiKeyEnv?: string): ProviderDefinition {
  return {
    id,
    name: id.toUpperCase(),
    capabilities: { ...caps, modes: [...caps.modes], requiresApiKey: Boolean(apiKeyEnv) },
    ...(apiKeyEnv ? { apiKeyEnv } : {}),
    fromEnv: (env) =>
      createHttpTestProvider({
        id,
        url: `https://${id}.test/`,
        configured: !apiKeyEnv || Boolean(env[apiKeyEnv]),
      }),
  };
}

const definitions = [
  definition('duckduckgo'),
  definition('tavily', 'TAVILY_API_KEY'),
  definition('exa', 'EXA_API_KEY'),
  definition('perplexity', 'PERPLEXITY_API_KEY'),
];

describe('loadSearchConfig', () => {
  it('defaults to DuckDuckGo alone when no key is set', () => {
    const config = loadSearchConfig({}, { definitions });
    expect(config.enabled).toBe(true);
    expect(config.client.providers.map((p) => p.id)).toEqual(['duckduckgo']);
    expect(config.providers.map((p) => [p.id, p.enabled, p.reason])).toEqual([
      ['duckduckgo', true, undefined],
      ['tavily', false, 'TAVILY_API_KEY not set'],
      ['exa', false, 'EXA_API_KEY not set'],
      ['perplexity', false, 'PERPLEXITY_API_KEY not set'],
    ]);
    expect(config).toMatchObject({ maxResults: 5, timeoutMs: 8_000 });
  });

  it('follows SEARCH_PROVIDER_PRIORITY and redacts keys', () => {
    const key = 'tvly-secret-0123456789abcdef';
    const config = loadSearchConfig(
      {
        SEARCH_PROVIDER_PRIORITY: ' Tavily , duckduckgo',
        TAVILY_API_KEY: key,
        EXA_API_KEY: 'exa-key-0123456789xyz',
      },
      { definitions },
    );
    expect(config.client.providers.map((p) => p.id)).toEqual(['tavily', 'duckduckgo']);
    const exa = config.providers.find((p) => p.id === 'exa');
    expect(exa).toMatchObject({
      listed: false,
      configured: true,
      enabled: false,
      reason: 'not in SEARCH_PROVIDER_PRIORITY',
    });
    expect(JSON.stringify(config.providers)).not.toContain(key);
    expect(config.providers[0]?.apiKey).toBe('…cdef');
  });

  it('reads limits and timeouts', () => {
    const config = loadSearchConfig(
      { WEB_SEARCH_MAX_RESULTS: '8', SEARCH_TIMEOUT_MS: '3000' },
      { definitions },
    );
    expect(config).toMatchObject({ maxResults: 8, timeoutMs: 3_000 });
  });

  it('gives the client the SEARCH_PROFILES profiles besides the built-ins', () => {
    const { client } = loadSearchConfig(
      { SEARCH_PROFILES: '{"tax":{"includeDomains":["chinatax.gov.cn"],"ttlClass":"regulation"}}' },
      { definitions },
    );
    expect(client.profiles.tax).toMatchObject({
      includeDomains: ['chinatax.gov.cn'],
      ttlClass: 'regulation',
    });
    expect(client.profiles.regulation?.ttlClass).toBe('regulation');
  });

  it.each([
    [{ SEARCH_PROVIDER_PRIORITY: 'duckduckgo,bing' }, 'SEARCH_PROVIDER_PRIORITY', /unknown provider "bing"/],
    [{ SEARCH_PROVIDER_PRIORITY: 'exa,exa' }, 'SEARCH_PROVIDER_PRIORITY', /listed twice/],
    [{ WEB_SEARCH_MAX_RESULTS: 'five' }, 'WEB_SEARCH_MAX_RESULTS', /whole number/],
    [{ WEB_SEARCH_MAX_RESULTS: '11' }, 'WEB_SEARCH_MAX_RESULTS', /between 1 and 10/],
    [{ SEARCH_TIMEOUT_MS: '-5' }, 'SEARCH_TIMEOUT_MS', /between 100 and 120000, got "-5"/],
    [{ SEARCH_TIMEOUT_MS: '1.5e3' }, 'SEARCH_TIMEOUT_MS', /whole number/],
  ])('rejects %j naming the variable', (env, variable, message) => {
    const error = (() => {
      try {
        loadSearchConfig(env, { definitions });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(SearchConfigError);
    expect(error).toMatchObject({ variable, message: expect.stringMatching(message) });
  });

  it('says search is disabled, and why, when no provider is usable', async () => {
    const config = loadSearchConfig({ SEARCH_PROVIDER_PRIORITY: 'tavily,exa' }, { definitions });
    expect(config.enabled).toBe(false);
    expect(config.reason).toMatch(/unavailable.*tavily: TAVILY_API_KEY not set.*exa: EXA_API_KEY not set/);
    await expect(config.client.search({ query: 'q' })).rejects.toMatchObject({ code: 'no_provider' });
  });
});

describe('client.normalize', () => {
  it('applies WEB_SEARCH_MAX_RESULTS to requests that do not say', () => {
    const { client } = loadSearchConfig({ WEB_SEARCH_MAX_RESULTS: '3' }, { definitions });
    expect(client.normalize({ query: 'q' }).maxResults).toBe(3);
    expect(client.normalize({ query: 'q', maxResults: 7 }).maxResults).toBe(7);
  });
});
