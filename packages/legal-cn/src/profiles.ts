/**
 * The legal search profiles, `regulation` and `case`: their sites and how long their answers stay fresh.
 * A light entry point (`@agent-search/legal-cn/profiles`, core only) for apps that offer the profiles
 * without the searches.
 */
import {
  BUILT_IN_PROFILES,
  defineProfile,
  type ProfileSet,
  type SearchClient,
  type SearchProfile,
} from '@agent-search/core';

const HOUR_S = 3_600;

// Official sources first. gov.cn also covers ministries' and local governments' sites (地方性法规).
const REGULATION_SITES = ['flk.npc.gov.cn', 'npc.gov.cn', 'gov.cn', 'pkulaw.com', 'chinalawinfo.com'];
// 中国裁判文书网, the Supreme People's Court and its news site, the Supreme People's Procuratorate
// (指导性案例), and 北大法宝's case library.
const CASE_SITES = ['wenshu.court.gov.cn', 'court.gov.cn', 'chinacourt.org', 'spp.gov.cn', 'pkulaw.com'];

/** Names of the legal profiles; `regulationSearch` and `caseSearch` search under them. */
export type LegalProfileName = 'regulation' | 'case';

/** Laws change slowly (kept 24 h); new judgments are published more often (kept 6 h). */
export const LEGAL_PROFILES: Readonly<Record<LegalProfileName, SearchProfile>> = Object.freeze({
  regulation: defineProfile('regulation', {
    description: 'Chinese laws and regulations (法律法规)',
    includeDomains: REGULATION_SITES,
    ttlSeconds: 24 * HOUR_S,
  }),
  case: defineProfile('case', {
    description: 'Chinese court judgments (裁判文书)',
    includeDomains: CASE_SITES,
    ttlSeconds: 6 * HOUR_S,
  }),
});

/**
 * `profiles` (default: core's built-ins) with the legal profiles added, replacing any of the same name.
 * Give the result to the client: `createSearchClient({ providers, profiles: withLegalProfiles() })`, or
 * `loadSearchConfig(env, { definitions, profiles: withLegalProfiles() })`, which puts `SEARCH_PROFILES`
 * on top (so a user may still redefine `regulation`).
 */
export function withLegalProfiles(profiles: ProfileSet = BUILT_IN_PROFILES): ProfileSet {
  return Object.freeze({ ...profiles, ...LEGAL_PROFILES });
}

/**
 * Throws a TypeError saying how to fix it when `client` was built without the profile `name`: its
 * searches would otherwise fail as an "unknown search profile", which reads like the caller's mistake.
 */
export function assertLegalProfile(client: Pick<SearchClient, 'profiles'>, name: LegalProfileName): void {
  const { profiles } = client as Partial<Pick<SearchClient, 'profiles'>>;
  if (profiles && Object.hasOwn(profiles, name)) return;
  throw new TypeError(
    `The search client has no "${name}" profile: create it with profiles: withLegalProfiles() from @agent-search/legal-cn`,
  );
}
