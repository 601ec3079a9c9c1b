import {
  applyProfile,
  BUILT_IN_PROFILES,
  createSearchClient,
  defineProfiles,
  normalizeRequest,
  profilesFromEnv,
} from '@agent-search/core';
import { useMswServer } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { civilCodePage, civilJudgmentPage } from './__fixtures__/pages.ts';
import { serveSearch } from './__fixtures__/search-server.ts';
import { caseSearch } from './case.ts';
import { assertLegalProfile, LEGAL_PROFILES, withLegalProfiles } from './profiles.ts';
import { regulationSearch } from './regulation.ts';

const server = useMswServer();
const HOUR_S = 3_600;
const withDomainFilter = { domainFilter: 'native', modes: ['text', 'news'] } as const;

describe('LEGAL_PROFILES', () => {
  it('regulation searches official law databases and keeps answers 24 h', () => {
    const request = normalizeRequest({ query: '民法典 第一百零八条', profile: 'regulation' });
    const sent = applyProfile(request, LEGAL_PROFILES.regulation, withDomainFilter);
    expect(sent.includeDomains).toEqual([
      'flk.npc.gov.cn',
      'npc.gov.cn',
      'gov.cn',
      'pkulaw.com',
      'chinalawinfo.com',
    ]);
    expect(sent.query).toBe('民法典 第一百零八条');
    expect(LEGAL_PROFILES.regulation.ttlSeconds).toBe(24 * HOUR_S);
  });

  it('case searches court judgment databases and keeps answers 6 h', () => {
    const sent = applyProfile(
      normalizeRequest({ query: '民间借贷 二审' }),
      LEGAL_PROFILES.case,
      withDomainFilter,
    );
    expect(sent.includeDomains).toEqual([
      'wenshu.court.gov.cn',
      'court.gov.cn',
      'chinacourt.org',
      'spp.gov.cn',
      'pkulaw.com',
    ]);
    expect(LEGAL_PROFILES.case.ttlSeconds).toBe(6 * HOUR_S);
  });

  it('are not among core’s built-ins', () => {
    expect(Object.keys(BUILT_IN_PROFILES)).not.toContain('regulation');
    expect(Object.keys(BUILT_IN_PROFILES)).not.toContain('case');
  });
});

describe('withLegalProfiles', () => {
  it('adds the legal profiles to the built-ins, or to any set', () => {
    expect(Object.keys(withLegalProfiles())).toEqual(['general', 'news', 'regulation', 'case']);
    const mine = defineProfiles({ tax: { includeDomains: ['chinatax.gov.cn'] } });
    const profiles = withLegalProfiles(mine);
    expect(Object.keys(profiles)).toEqual(['general', 'news', 'tax', 'regulation', 'case']);
    expect(profiles.regulation).toBe(LEGAL_PROFILES.regulation);
    expect(Object.isFrozen(profiles)).toBe(true);
  });

  it('lets SEARCH_PROFILES redefine a legal profile on top of them', () => {
    const profiles = profilesFromEnv(
      { SEARCH_PROFILES: '{"case":{"includeDomains":["court.gov.cn"],"ttlSeconds":3600}}' },
      withLegalProfiles(),
    );
    expect(profiles.case).toMatchObject({ includeDomains: ['court.gov.cn'], ttlSeconds: 3_600 });
    expect(profiles.regulation).toBe(LEGAL_PROFILES.regulation);
  });
});

describe('a client without the legal profiles', () => {
  it('is refused before any search, with the fix in the message', async () => {
    const served = serveSearch(server, [civilCodePage, civilJudgmentPage]);
    const { sent } = served;
    // The same provider, without the legal profiles.
    const client = createSearchClient({ providers: served.client.providers });
    const fix = /no "regulation" profile: create it with profiles: withLegalProfiles\(\)/;
    expect(() => assertLegalProfile(client, 'regulation')).toThrow(fix);
    await expect(regulationSearch(client, { lawName: '民法典' })).rejects.toThrow(fix);
    await expect(caseSearch(client, { keyword: '民间借贷' })).rejects.toThrow(/no "case" profile/);
    expect(sent).toEqual([]);
  });

  it('searches once the profiles are given', async () => {
    const { client, sent } = serveSearch(server, [civilJudgmentPage]);
    expect(() => assertLegalProfile(client, 'case')).not.toThrow();
    expect(await caseSearch(client, { keyword: '民间借贷' })).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });
});
