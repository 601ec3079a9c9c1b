// Imported by path, not as a dependency: testing depends on core, and a dev dependency back would be a cycle.

import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createHttpTestProvider, useMswServer } from '../../testing/src/index.ts';
import { loadSearchConfig } from './config.ts';
import { SearchConfigError } from './errors.ts';
import { defineProfiles } from './profiles.ts';
import type { ProviderDefinition } from './provider.ts';

const caps = {
  modes: ['text', 'news'] as const,
  timeRange: true,
  domainFilter: 'native' as const,
  safeSearch: false,
  region: false,
  requiresApiKey: true,
};

/** Every `load()` call, by provider id: what configuration imported. */
const loads: string[] = [];

function definition(
  id: string,
  apiKeyEnv?: string,
  extra: Partial<ProviderDefinition> = {},
): ProviderDefinition {
  return {
    id,
    name: id.toUpperCase(),
    capabilities: { ...caps, modes: [...caps.modes], requiresApiKey: Boolean(apiKeyEnv) },
    ...(apiKeyEnv ? { apiKeyEnv } : {}),
    load: async () => {
      loads.push(id);
      return {
        fromEnv: (env) =>
          createHttpTestProvider({
            id,
            url: `https://${id}.test/`,
            configured: !apiKeyEnv || Boolean(env[apiKeyEnv]),
          }),
      };
    },
    ...extra,
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
      { SEARCH_PROFILES: '{"tax":{"includeDomains":["chinatax.gov.cn"],"ttlSeconds":86400}}' },
      { definitions },
    );
    expect(client.profiles.tax).toMatchObject({ includeDomains: ['chinatax.gov.cn'], ttlSeconds: 86_400 });
    expect(Object.keys(client.profiles)).toEqual(['general', 'news', 'tax']);
  });

  it('puts SEARCH_PROFILES on top of the profiles it is given, replacing one of the same name', () => {
    const given = defineProfiles({ statutes: { includeDomains: ['npc.gov.cn'], ttlSeconds: 86_400 } });
    const env = { SEARCH_PROFILES: '{"statutes":{"includeDomains":["gov.cn"]},"tax":{}}' };
    const { client } = loadSearchConfig(env, { definitions, profiles: given });
    expect(Object.keys(client.profiles)).toEqual(['general', 'news', 'statutes', 'tax']);
    expect(client.profiles.statutes).toMatchObject({ includeDomains: ['gov.cn'] });
    expect(client.profiles.statutes?.ttlSeconds).toBeUndefined();
    expect(loadSearchConfig({}, { definitions, profiles: given }).client.profiles).toBe(given);
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

describe('loadSearchConfig with a group of providers', () => {
  const grouped = [
    definition('duckduckgo'),
    definition('openai', 'OPENAI_API_KEY', { group: 'native' }),
    definition('anthropic', 'ANTHROPIC_API_KEY', { group: 'native' }),
    definition('perplexity', 'PERPLEXITY_API_KEY'),
  ];
  const enabled = (env: Record<string, string>) =>
    loadSearchConfig(env, { definitions: grouped }).client.providers.map((p) => p.id);

  it("takes a group's name for its members, in definition order: those with their key are used", () => {
    const keys = { OPENAI_API_KEY: 'k-openai', PERPLEXITY_API_KEY: 'k-pplx' };
    expect(enabled({ ...keys, SEARCH_PROVIDER_PRIORITY: 'native,perplexity' })).toEqual([
      'openai',
      'perplexity',
    ]);
    expect(enabled({ ...keys, SEARCH_PROVIDER_PRIORITY: 'perplexity,native' })).toEqual([
      'perplexity',
      'openai',
    ]);
    expect(
      enabled({ ANTHROPIC_API_KEY: 'k', OPENAI_API_KEY: 'k', SEARCH_PROVIDER_PRIORITY: 'native' }),
    ).toEqual(['openai', 'anthropic']);
    // Named alone before its group, a member keeps its own place.
    expect(
      enabled({ ANTHROPIC_API_KEY: 'k', OPENAI_API_KEY: 'k', SEARCH_PROVIDER_PRIORITY: 'anthropic,native' }),
    ).toEqual(['anthropic', 'openai']);
    const { providers } = loadSearchConfig({ SEARCH_PROVIDER_PRIORITY: 'native' }, { definitions: grouped });
    expect(providers.filter((p) => p.listed).map((p) => [p.id, p.reason])).toEqual([
      ['openai', 'OPENAI_API_KEY not set'],
      ['anthropic', 'ANTHROPIC_API_KEY not set'],
    ]);
  });

  it('reads a key from its fallback variable when the main one is unset, and checks it there', () => {
    const withFallback = [definition('gemini', 'GEMINI_API_KEY', { apiKeyEnvFallbacks: ['GOOGLE_API_KEY'] })];
    const load = (env: Record<string, string>) => loadSearchConfig(env, { definitions: withFallback });
    expect(load({ GOOGLE_API_KEY: 'AIzaSyFallback0Key0000000' }).providers[0]).toMatchObject({
      enabled: true,
      apiKey: '…0000',
    });
    expect(load({}).providers[0]).toMatchObject({ enabled: false, reason: 'GEMINI_API_KEY not set' });
    expect(() => load({ GOOGLE_API_KEY: 'AIza key' })).toThrow(/GOOGLE_API_KEY: holds characters/);
    // The main variable wins.
    expect(
      load({ GEMINI_API_KEY: 'AIzaSyMain00Key00001111', GOOGLE_API_KEY: 'x' }).providers[0]!.apiKey,
    ).toBe('…1111');
  });

  it('names the groups among the known ids when an id is unknown, and refuses a group listed twice', () => {
    expect(() => enabled({ SEARCH_PROVIDER_PRIORITY: 'nativ' })).toThrow(
      /unknown provider "nativ" \(known: duckduckgo, openai, anthropic, perplexity, native\)/,
    );
    expect(() => enabled({ SEARCH_PROVIDER_PRIORITY: 'native,duckduckgo,native' })).toThrow(
      /"native" is listed twice/,
    );
  });
});

describe('loadSearchConfig with a provider that has a keyless mode', () => {
  const withKeyless = [
    definition('duckduckgo'),
    definition('tavily', 'TAVILY_API_KEY', { keyless: { env: 'TAVILY_KEYLESS' } }),
    definition('exa', 'EXA_API_KEY'),
  ];
  const order = (env: Record<string, string>) =>
    loadSearchConfig(env, { definitions: withKeyless }).client.providers.map((p) => p.id);

  it('enables it without its key, after DuckDuckGo, and says it searches keyless', () => {
    const config = loadSearchConfig({}, { definitions: withKeyless });
    expect(config.client.providers.map((p) => p.id)).toEqual(['duckduckgo', 'tavily']);
    expect(config.providers.find((p) => p.id === 'tavily')).toMatchObject({
      enabled: true,
      configured: true,
      keyless: true,
    });
    expect(config.providers.find((p) => p.id === 'tavily')).not.toHaveProperty('apiKey');
  });

  it('puts it after every keyed provider by default: shared limits are the last resort', () => {
    expect(order({ EXA_API_KEY: 'e' })).toEqual(['duckduckgo', 'exa', 'tavily']);
    // With its key it is an ordinary keyed provider, in the given order.
    expect(order({ EXA_API_KEY: 'e', TAVILY_API_KEY: 't' })).toEqual(['duckduckgo', 'tavily', 'exa']);
    // An explicit priority is taken as written.
    expect(order({ EXA_API_KEY: 'e', SEARCH_PROVIDER_PRIORITY: 'tavily,duckduckgo,exa' })).toEqual([
      'tavily',
      'duckduckgo',
      'exa',
    ]);
  });

  it('its switch turns keyless mode off: then the key is missing again', () => {
    const config = loadSearchConfig({ TAVILY_KEYLESS: 'false' }, { definitions: withKeyless });
    expect(config.client.providers.map((p) => p.id)).toEqual(['duckduckgo']);
    expect(config.providers.find((p) => p.id === 'tavily')).toMatchObject({
      enabled: false,
      reason: 'TAVILY_API_KEY not set',
    });
    expect(config.providers.find((p) => p.id === 'tavily')).not.toHaveProperty('keyless');
  });

  it('rejects a switch that is not a boolean, naming it', () => {
    expect(() => loadSearchConfig({ TAVILY_KEYLESS: 'sometimes' }, { definitions: withKeyless })).toThrow(
      /TAVILY_KEYLESS: expected true or false/,
    );
  });
});

describe('client.normalize', () => {
  it('applies WEB_SEARCH_MAX_RESULTS to requests that do not say', () => {
    const { client } = loadSearchConfig({ WEB_SEARCH_MAX_RESULTS: '3' }, { definitions });
    expect(client.normalize({ query: 'q' }).maxResults).toBe(3);
    expect(client.normalize({ query: 'q', maxResults: 7 }).maxResults).toBe(7);
  });
});

describe('loadSearchConfig and the definitions it is given', () => {
  const server = useMswServer();
  const answer = (id: string) =>
    http.post(`https://${id}.test/`, () =>
      HttpResponse.json({ results: [{ title: `${id} result`, url: `https://${id}.example/page` }] }),
    );

  it('defaults to the definitions in the order given: the registry order is the priority', () => {
    const selfHosted = definition('searxng', undefined, { baseUrlEnv: 'SEARXNG_URL' });
    const config = loadSearchConfig({ TAVILY_API_KEY: 'k' }, { definitions: [selfHosted, ...definitions] });
    expect(config.client.providers.map((p) => p.id)).toEqual(['searxng', 'duckduckgo', 'tavily']);
  });

  it('imports a provider on its first search only, and only the providers in use', async () => {
    loads.length = 0;
    const config = loadSearchConfig(
      { SEARCH_PROVIDER_PRIORITY: 'tavily,exa', TAVILY_API_KEY: 'k' },
      { definitions },
    );
    expect(config.client.providers.map((p) => p.id)).toEqual(['tavily']);
    expect(loads).toEqual([]);
    server.use(answer('tavily'));
    const first = await config.client.search({ query: 'first' });
    await config.client.search({ query: 'second' });
    expect(first.results[0]).toMatchObject({ provider: 'tavily', title: 'tavily result' });
    expect(loads).toEqual(['tavily']);
  });

  it('enables a provider without a public endpoint only once its base-URL variable is set', () => {
    const selfHosted = definition('searxng', undefined, { baseUrlEnv: 'SEARXNG_URL', baseUrlRequired: true });
    const off = loadSearchConfig({}, { definitions: [selfHosted] });
    expect(off.enabled).toBe(false);
    expect(off.providers[0]).toMatchObject({ configured: false, reason: 'SEARXNG_URL not set' });
    const on = loadSearchConfig({ SEARXNG_URL: 'http://127.0.0.1:8888' }, { definitions: [selfHosted] });
    expect(on.providers[0]).toMatchObject({ configured: true, enabled: true });
  });

  it('rejects an enabled provider whose base-URL variable is not an http(s) URL, naming the variable', () => {
    const withUrl = definition('brave', 'BRAVE_API_KEY', { baseUrlEnv: 'BRAVE_BASE_URL' });
    for (const value of ['api.search.brave.com', 'ftp://user:secret-pass@example.com/']) {
      expect(() =>
        loadSearchConfig({ BRAVE_API_KEY: 'k', BRAVE_BASE_URL: value }, { definitions: [withUrl] }),
      ).toThrow(
        expect.objectContaining({
          variable: 'BRAVE_BASE_URL',
          message: expect.stringMatching(
            /is not a valid URL \(expected https:\/\/… or http:\/\/…\)|must start with https:\/\/ or http:\/\//,
          ),
        }),
      );
      // The value may carry credentials: it is not repeated.
      expect(() =>
        loadSearchConfig({ BRAVE_API_KEY: 'k', BRAVE_BASE_URL: value }, { definitions: [withUrl] }),
      ).not.toThrow(/secret-pass|api\.search/);
    }
  });

  it('turns a provider package that fails to import into a provider_error naming the provider', async () => {
    const broken = definition('broken', undefined, {
      load: () => Promise.reject(new Error("Cannot find package '@agent-search/provider-broken'")),
    });
    const { client } = loadSearchConfig({}, { definitions: [broken] });
    const error = await client.search({ query: 'q' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'provider_error', provider: 'broken' });
    expect((error as Error).message).toMatch(/BROKEN could not be loaded/);
  });
});

describe('consent: a key set for something else does not switch on a paid search', () => {
  const server = useMswServer();
  // Requests each upstream received, counted where they arrive.
  const received = new Map<string, number>();
  const count = (id: string, reply: () => Response) =>
    http.post(`https://${id}.test/`, () => {
      received.set(id, (received.get(id) ?? 0) + 1);
      return reply();
    });
  const vendor = (id: string, key: string) =>
    definition(id, key, { group: 'native', consent: { env: 'SEARCH_NATIVE' }, price: { usd: 0.014 } });
  const withVendors = [
    definition('duckduckgo', undefined, { price: { usd: 0 } }),
    vendor('openai', 'OPENAI_API_KEY'),
    vendor('anthropic', 'ANTHROPIC_API_KEY'),
    definition('tavily', 'TAVILY_API_KEY', { price: { usd: 0.008 } }),
  ];
  const blocked = () => new Response('', { status: 403 });
  const results = (id: string) => () =>
    HttpResponse.json({ results: [{ title: `${id} result`, url: `https://${id}.example/page` }] });

  it('with only the vendor keys and DuckDuckGo blocked, no request reaches a vendor', async () => {
    received.clear();
    server.use(
      count('duckduckgo', blocked),
      count('openai', results('openai')),
      count('anthropic', results('anthropic')),
    );
    const config = loadSearchConfig(
      { OPENAI_API_KEY: 'sk-o', ANTHROPIC_API_KEY: 'sk-a' },
      { definitions: withVendors },
    );
    expect(config.client.providers.map((p) => p.id)).toEqual(['duckduckgo']);
    for (let i = 0; i < 3; i++) {
      await expect(config.client.search({ query: `q${i}` })).rejects.toMatchObject({ code: 'blocked' });
    }
    expect(received.get('duckduckgo')).toBeGreaterThan(0);
    expect(received.get('openai')).toBeUndefined();
    expect(received.get('anthropic')).toBeUndefined();
    const openai = config.providers.find((p) => p.id === 'openai')!;
    expect(openai).toMatchObject({ configured: true, enabled: false, needsConsent: true, costUsd: 0.014 });
    expect(openai.reason).toBe(
      'paid, and off until asked for: set SEARCH_NATIVE=1 or list native in SEARCH_PROVIDER_PRIORITY',
    );
    expect(config.cost).toBe(
      'No enabled provider costs money. Free: DUCKDUCKGO. Off, as they would spend a key set for something else: OPENAI (about $0.014 a request), ANTHROPIC (about $0.014 a request); to use them, set SEARCH_NATIVE=1 or list native in SEARCH_PROVIDER_PRIORITY.',
    );
  });

  it('a key that exists only for search keeps working: Tavily answers when DuckDuckGo is blocked', async () => {
    received.clear();
    server.use(
      count('duckduckgo', blocked),
      count('tavily', results('tavily')),
      count('openai', results('openai')),
    );
    const config = loadSearchConfig(
      { TAVILY_API_KEY: 'tvly-k', OPENAI_API_KEY: 'sk-o' },
      { definitions: withVendors },
    );
    const response = await config.client.search({ query: 'q' });
    expect(response.provider).toBe('tavily');
    expect(received.get('openai')).toBeUndefined();
    expect(config.cost).toMatch(/^Paid: TAVILY \$0\.008 a request\. Free: DUCKDUCKGO\./);
  });

  it('SEARCH_NATIVE=1, or naming the group or the vendor in SEARCH_PROVIDER_PRIORITY, is consent', async () => {
    const ids = (env: Record<string, string>) =>
      loadSearchConfig({ OPENAI_API_KEY: 'sk-o', ...env }, { definitions: withVendors }).client.providers.map(
        (p) => p.id,
      );
    expect(ids({ SEARCH_NATIVE: '1' })).toEqual(['duckduckgo', 'openai']);
    expect(ids({ SEARCH_NATIVE: '0' })).toEqual(['duckduckgo']);
    expect(ids({ SEARCH_PROVIDER_PRIORITY: 'duckduckgo,native' })).toEqual(['duckduckgo', 'openai']);
    expect(ids({ SEARCH_PROVIDER_PRIORITY: 'openai' })).toEqual(['openai']);
    // An explicit list is taken as written: a vendor it leaves out stays off whatever the switch says.
    expect(ids({ SEARCH_PROVIDER_PRIORITY: 'duckduckgo', SEARCH_NATIVE: '1' })).toEqual(['duckduckgo']);
    expect(() => ids({ SEARCH_NATIVE: 'maybe' })).toThrow(SearchConfigError);
    received.clear();
    server.use(count('duckduckgo', blocked), count('openai', results('openai')));
    const config = loadSearchConfig(
      { OPENAI_API_KEY: 'sk-o', SEARCH_NATIVE: 'true' },
      { definitions: withVendors },
    );
    expect((await config.client.search({ query: 'q' })).provider).toBe('openai');
    expect(received.get('openai')).toBe(1);
  });
});
