import { describe, expect, it } from 'vitest';
import {
  applyProfile,
  BUILT_IN_PROFILES,
  defineProfile,
  defineProfiles,
  MAX_PROFILE_TTL_SECONDS,
  profilesFromEnv,
  resolveProfile,
} from './profiles.ts';
import { type ProviderCapabilities, type SearchProvider, unsupportedReason } from './provider.ts';
import { normalizeRequest } from './request.ts';

const native: ProviderCapabilities = {
  modes: ['text', 'news'],
  timeRange: true,
  domainFilter: 'native',
  safeSearch: false,
  region: false,
  requiresApiKey: true,
};
const siteOperator: ProviderCapabilities = { ...native, domainFilter: 'site-operator', modes: ['text'] };
const noFilter: ProviderCapabilities = { ...native, domainFilter: 'none' };

function providerWith(capabilities: ProviderCapabilities): SearchProvider {
  return {
    specificationVersion: 'v1',
    id: 'p',
    name: 'P',
    capabilities,
    configured: true,
    search: async () => ({ results: [] }),
  };
}

// Sites like a domain package's profile: official sources, several of them.
const statutes = defineProfile('statutes', {
  includeDomains: ['flk.npc.gov.cn', 'npc.gov.cn', 'gov.cn', 'pkulaw.com', 'chinalawinfo.com'],
  ttlSeconds: 86_400,
});

describe('built-in profiles', () => {
  it('are general and news only: domain profiles come with their packages', () => {
    expect(Object.keys(BUILT_IN_PROFILES)).toEqual(['general', 'news']);
    for (const profile of Object.values(BUILT_IN_PROFILES)) {
      expect(profile.includeDomains).toEqual([]);
      expect(profile.ttlSeconds).toBeUndefined();
    }
  });

  it('news switches to news mode where the provider has it, and stays text where not', () => {
    const request = normalizeRequest({ query: 'election results' });
    expect(applyProfile(request, BUILT_IN_PROFILES.news!, native)).toMatchObject({
      mode: 'news',
      includeDomains: [],
    });
    expect(applyProfile(request, BUILT_IN_PROFILES.news!, siteOperator).mode).toBe('text');
  });

  it('general changes nothing but the profile name', () => {
    const request = normalizeRequest({ query: 'q', includeDomains: ['example.com'] });
    expect(applyProfile(request, BUILT_IN_PROFILES.general!, native)).toEqual({
      ...request,
      profile: 'general',
    });
  });
});

describe('applyProfile', () => {
  const regulation = statutes;

  it("sets the profile's sites and name, and leaves the query alone", () => {
    const request = normalizeRequest({ query: '民法典 第一百零八条' });
    const sent = applyProfile(request, statutes, native);
    expect(sent.includeDomains).toEqual(statutes.includeDomains);
    expect(sent.query).toBe('民法典 第一百零八条');
    expect(sent.profile).toBe('statutes');
  });

  it('leaves site: terms to site-operator providers: only includeDomains is set', () => {
    const request = normalizeRequest({ query: '个人信息保护法' });
    const sent = applyProfile(request, regulation, siteOperator);
    expect(sent.includeDomains).toEqual(regulation.includeDomains);
    expect(sent.query).toBe('个人信息保护法');
  });

  it('writes the sites as site: terms for providers without a domain filter, so they are not skipped', () => {
    const request = normalizeRequest({ query: '个人信息保护法' });
    const provider = providerWith(noFilter);
    expect(unsupportedReason(provider, { ...request, includeDomains: regulation.includeDomains })).toBe(
      'no domain filter',
    );
    const sent = applyProfile(request, regulation, noFilter);
    expect(sent.includeDomains).toEqual([]);
    expect(sent.query).toBe(
      `个人信息保护法 (${regulation.includeDomains.map((d) => `site:${d}`).join(' OR ')})`,
    );
    expect(unsupportedReason(provider, sent)).toBeUndefined();

    const spam = defineProfile('no-spam', { excludeDomains: ['spam.example'], queryTerms: ['review'] });
    expect(applyProfile(normalizeRequest({ query: 'heat pump' }), spam, noFilter).query).toBe(
      'heat pump review -site:spam.example',
    );
    // Sites that would push the query past 512 characters are left out rather than cutting it.
    const long = normalizeRequest({ query: 'x'.repeat(500) });
    expect(applyProfile(long, regulation, noFilter).query).toBe('x'.repeat(500));
  });

  it("keeps the request's own includeDomains and merges excludeDomains", () => {
    const custom = defineProfile('custom', { includeDomains: ['a.com'], excludeDomains: ['spam.com'] });
    const request = normalizeRequest({
      query: 'q',
      includeDomains: ['court.gov.cn'],
      excludeDomains: 'x.com',
    });
    const sent = applyProfile(request, custom, native);
    expect(sent.includeDomains).toEqual(['court.gov.cn']);
    expect(sent.excludeDomains).toEqual(['x.com', 'spam.com']);
  });

  it('appends query terms once and never past the query length limit', () => {
    const custom = defineProfile('legal', { queryTerms: ['法律', '条文'] });
    expect(applyProfile(normalizeRequest({ query: '民法典 条文' }), custom, native).query).toBe(
      '民法典 条文 法律',
    );
    const long = normalizeRequest({ query: 'x'.repeat(509) });
    expect(applyProfile(long, custom, native).query).toBe(`${'x'.repeat(509)} 法律`);
    const full = normalizeRequest({ query: 'x'.repeat(512) });
    expect(applyProfile(full, custom, native).query).toBe(full.query);
  });
});

describe('user-defined profiles', () => {
  it('adds profiles to the built-ins and may replace one', () => {
    const profiles = defineProfiles({
      tech: { includeDomains: ['https://github.com/', 'site:stackoverflow.com'], queryTerms: ['code'] },
      news: { mode: 'news', includeDomains: ['reuters.com'] },
    });
    expect(Object.keys(profiles)).toEqual(['general', 'news', 'tech']);
    expect(profiles.tech).toEqual({
      name: 'tech',
      includeDomains: ['github.com', 'stackoverflow.com'],
      excludeDomains: [],
      queryTerms: ['code'],
    });
    expect(profiles.news).toMatchObject({ includeDomains: ['reuters.com'], mode: 'news' });
    expect(BUILT_IN_PROFILES.news!.includeDomains).toEqual([]);
  });

  it('adds to any base set, e.g. one a domain package built', () => {
    const base = defineProfiles({ statutes: { includeDomains: ['npc.gov.cn'], ttlSeconds: 86_400 } });
    const profiles = defineProfiles({ tax: { ttlSeconds: 0.5 } }, base);
    expect(Object.keys(profiles)).toEqual(['general', 'news', 'statutes', 'tax']);
    expect(profiles.statutes).toBe(base.statutes);
    expect(profiles.tax?.ttlSeconds).toBe(0.5);
  });

  it('carries its own cache lifetime in seconds, at most a year', () => {
    expect(defineProfile('x', { ttlSeconds: 21_600 }).ttlSeconds).toBe(21_600);
    expect(defineProfile('x', { ttlSeconds: MAX_PROFILE_TTL_SECONDS }).ttlSeconds).toBe(31_536_000);
    expect(defineProfile('x', {})).not.toHaveProperty('ttlSeconds');
  });

  it('keeps the deprecated ttlClass "news" and "default" working', () => {
    expect(defineProfile('x', { ttlClass: 'news' }).ttlSeconds).toBe(3_600);
    expect(defineProfile('x', { ttlClass: 'default' })).not.toHaveProperty('ttlSeconds');
  });

  it('reads SEARCH_PROFILES JSON from the environment, on top of a base set', () => {
    const profiles = profilesFromEnv({
      SEARCH_PROFILES: '{"tax":{"includeDomains":["chinatax.gov.cn"],"ttlSeconds":86400}}',
    });
    expect(profiles.tax).toMatchObject({ includeDomains: ['chinatax.gov.cn'], ttlSeconds: 86_400 });
    expect(profiles.news).toBe(BUILT_IN_PROFILES.news);
    expect(profilesFromEnv({})).toBe(BUILT_IN_PROFILES);

    const base = defineProfiles({ statutes: { includeDomains: ['npc.gov.cn'] } });
    expect(profilesFromEnv({}, base)).toBe(base);
    const layered = profilesFromEnv({ SEARCH_PROFILES: '{"statutes":{"ttlSeconds":60}}' }, base);
    expect(layered.statutes).toEqual({
      name: 'statutes',
      includeDomains: [],
      excludeDomains: [],
      queryTerms: [],
      ttlSeconds: 60,
    });
  });

  it.each([
    [() => defineProfile('Bad Name'), /Search profile "Bad Name": names are lower-case/],
    [
      () => defineProfile('x', { includeDomains: ['not a domain'] }),
      /"x": includeDomains: "not a domain" is not a domain/,
    ],
    [() => defineProfile('x', { includeDomain: ['a.com'] } as never), /"x": .*includeDomain/],
    [() => defineProfile('x', { ttlClass: 'forever' } as never), /"x": ttlClass: .*set "ttlSeconds" instead/],
    [() => defineProfile('x', { ttlClass: 'regulation' } as never), /"x": ttlClass: .*"ttlSeconds"/],
    [
      () => defineProfile('x', { ttlClass: 'news', ttlSeconds: 60 }),
      /"x": ttlClass: .*give ttlSeconds alone/,
    ],
    [
      () => defineProfile('x', { ttlSeconds: 0 }),
      /"x": ttlSeconds: expected a number of seconds from 0.001 to/,
    ],
    [() => defineProfile('x', { ttlSeconds: 0.0001 }), /"x": ttlSeconds: /],
    [() => defineProfile('x', { ttlSeconds: -1 }), /"x": ttlSeconds: /],
    [() => defineProfile('x', { ttlSeconds: MAX_PROFILE_TTL_SECONDS + 1 }), /"x": ttlSeconds: .*a year/],
    [() => defineProfile('x', { ttlSeconds: Number.NaN }), /"x": ttlSeconds: /],
    [() => defineProfile('x', { ttlSeconds: '3600' } as never), /"x": ttlSeconds: /],
    [() => defineProfile('x', { queryTerms: [''] }), /"x": queryTerms.0: /],
    [() => defineProfile('x', { mode: 'images' } as never), /"x": mode: /],
    [() => defineProfiles([] as never), /must be an object/],
  ])('rejects invalid definitions with a clear error (%#)', (define, message) => {
    expect(define).toThrow(TypeError);
    expect(define).toThrow(message);
  });

  it.each([
    ['{tax:', /SEARCH_PROFILES: not valid JSON/],
    ['{"t":{"excludeDomains":"a.com"}}', /SEARCH_PROFILES: Search profile "t": excludeDomains: /],
    ['{"t":{"ttlSeconds":1e12}}', /SEARCH_PROFILES: Search profile "t": ttlSeconds: /],
    ['{"t":{"ttlClass":"regulation"}}', /SEARCH_PROFILES: Search profile "t": ttlClass: .*"ttlSeconds"/],
  ])('rejects SEARCH_PROFILES=%s naming the variable', (value, message) => {
    const read = () => profilesFromEnv({ SEARCH_PROFILES: value });
    expect(read).toThrow(expect.objectContaining({ name: 'SearchConfigError', variable: 'SEARCH_PROFILES' }));
    expect(read).toThrow(message);
  });

  it('rejects an unknown profile name in a request as invalid_request, naming the valid ones', () => {
    expect(() => resolveProfile('statutes')).toThrow(
      expect.objectContaining({
        code: 'invalid_request',
        message: 'Unknown search profile "statutes"; use one of: general, news',
      }),
    );
    expect(() => resolveProfile('toString')).toThrow(/Unknown search profile/);
  });
});
