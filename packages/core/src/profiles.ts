import { SearchConfigError, SearchError } from './errors.ts';
import type { Env, ProviderCapabilities } from './provider.ts';
import { queryWithSiteFilters } from './query.ts';
import {
  MAX_QUERY_LENGTH,
  normalizeRequest,
  SEARCH_MODES,
  type SearchMode,
  type SearchRequest,
} from './request.ts';

/** The longest a profile may keep its answers: a year, as the cache's own TTL variables allow. */
export const MAX_PROFILE_TTL_SECONDS = 365 * 86_400;
// The shortest: a millisecond, as SEARCH_CACHE_TTL allows (tests use such lifetimes).
const MIN_PROFILE_TTL_SECONDS = 0.001;

/** A named search preset: where to look, what to add to the query, how long answers stay fresh. */
export interface SearchProfile {
  name: string;
  description?: string;
  /** Sites to search; each provider applies them its own way (API filter or `site:` terms). */
  includeDomains: string[];
  excludeDomains: string[];
  /** Words appended to the query unless it already contains them. */
  queryTerms: string[];
  /** Search mode to use when the provider has it (e.g. "news"). */
  mode?: SearchMode;
  /** How long a cache keeps this profile's answers; unset, the cache's TTL for news or other searches. */
  ttlSeconds?: number;
}

export type ProfileSet = Readonly<Record<string, SearchProfile>>;

/** What configuration may say about one profile; everything but the name is optional. */
export interface ProfileDefinition {
  /** At most 200 characters. */
  description?: string;
  /** At most 20 each. */
  includeDomains?: readonly string[];
  excludeDomains?: readonly string[];
  /** At most 5, each 1 to 50 characters once trimmed. */
  queryTerms?: readonly string[];
  mode?: SearchMode;
  /** From 0.001 (a millisecond) to `MAX_PROFILE_TTL_SECONDS` (a year). */
  ttlSeconds?: number;
  /**
   * @deprecated Use `ttlSeconds`. `"news"` is `ttlSeconds: 3600` (the cache's default news TTL),
   * `"default"` leaves it unset.
   */
  ttlClass?: 'news' | 'default';
}

// A dozen rules: written out rather than pulling a schema library (zod alone is 6 MB) into core.
const DEFINITION_FIELDS = new Set([
  'description',
  'includeDomains',
  'excludeDomains',
  'queryTerms',
  'mode',
  'ttlSeconds',
  'ttlClass',
]);

/** What the deprecated `ttlClass` values mean now. */
const TTL_CLASS_SECONDS: Readonly<Record<string, number | undefined>> = { news: 3_600, default: undefined };

function stringList(value: unknown, field: string, max: number): string | undefined {
  if (!Array.isArray(value)) return `${field}: expected a list of strings`;
  if (value.length > max) return `${field}: at most ${max} entries`;
  const bad = value.findIndex((entry) => typeof entry !== 'string');
  return bad === -1 ? undefined : `${field}.${bad}: expected a string`;
}

function oneOf(value: unknown, field: string, allowed: readonly string[]): string | undefined {
  return typeof value === 'string' && allowed.includes(value)
    ? undefined
    : `${field}: expected one of ${allowed.map((v) => `"${v}"`).join(', ')}`;
}

/** The first problem with a definition, as "field: what is wrong", or undefined when it is valid. */
function definitionProblem(definition: unknown): string | undefined {
  if (typeof definition !== 'object' || definition === null || Array.isArray(definition)) {
    return 'expected an object such as {"includeDomains": ["example.com"]}';
  }
  const d = definition as Record<string, unknown>;
  const unknown = Object.keys(d).filter((key) => !DEFINITION_FIELDS.has(key));
  if (unknown.length > 0) {
    return `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k.slice(0, 40)}"`).join(', ')}`;
  }
  const has = (field: string) => d[field] !== undefined;
  if (has('description') && (typeof d.description !== 'string' || d.description.length > 200)) {
    return 'description: expected a string of at most 200 characters';
  }
  for (const field of ['includeDomains', 'excludeDomains']) {
    const problem = has(field) ? stringList(d[field], field, 20) : undefined;
    if (problem) return problem;
  }
  if (has('queryTerms')) {
    const problem = stringList(d.queryTerms, 'queryTerms', 5);
    if (problem) return problem;
    const bad = (d.queryTerms as string[]).findIndex((t) => t.trim() === '' || t.trim().length > 50);
    if (bad !== -1) return `queryTerms.${bad}: expected 1 to 50 characters`;
  }
  if (has('mode')) {
    const problem = oneOf(d.mode, 'mode', SEARCH_MODES);
    if (problem) return problem;
  }
  if (
    has('ttlSeconds') &&
    (typeof d.ttlSeconds !== 'number' ||
      !(d.ttlSeconds >= MIN_PROFILE_TTL_SECONDS && d.ttlSeconds <= MAX_PROFILE_TTL_SECONDS))
  ) {
    return `ttlSeconds: expected a number of seconds from ${MIN_PROFILE_TTL_SECONDS} to ${MAX_PROFILE_TTL_SECONDS} (a year)`;
  }
  if (has('ttlClass')) {
    if (typeof d.ttlClass !== 'string' || !Object.hasOwn(TTL_CLASS_SECONDS, d.ttlClass)) {
      return 'ttlClass: only "news" and "default" remain, and are deprecated; set "ttlSeconds" instead (e.g. 86400 for a day)';
    }
    if (has('ttlSeconds')) return 'ttlClass: deprecated, and ttlSeconds is set too; give ttlSeconds alone';
  }
  return undefined;
}

const PROFILE_NAME = /^[a-z][a-z0-9-]{0,31}$/;

/** The profiles core ships. Domain profiles come with their packages (e.g. `@agent-search/legal-cn`). */
export const BUILT_IN_PROFILES: ProfileSet = Object.freeze({
  general: defineProfile('general', { description: 'The whole web' }),
  news: defineProfile('news', { description: 'Recent news', mode: 'news' }),
});

function invalidProfile(name: string, problem: string): TypeError {
  return new TypeError(`Search profile "${name.slice(0, 40)}": ${problem}`);
}

/** Domains normalized by the same rules as a request's, so a profile cannot hold what a request may not. */
function domains(
  name: string,
  field: 'includeDomains' | 'excludeDomains',
  list: readonly string[] | undefined,
) {
  if (!list) return [];
  try {
    return normalizeRequest({ query: 'x', [field]: list })[field];
  } catch (error) {
    throw invalidProfile(name, error instanceof Error ? error.message : String(error));
  }
}

/** Validates one definition into a profile; throws a TypeError naming the profile and the problem. */
export function defineProfile(name: string, definition: ProfileDefinition = {}): SearchProfile {
  if (!PROFILE_NAME.test(name)) {
    throw invalidProfile(name, 'names are lower-case letters, digits and hyphens, starting with a letter');
  }
  const problem = definitionProblem(definition);
  if (problem) throw invalidProfile(name, problem);
  const d = definition;
  const result: SearchProfile = {
    name,
    includeDomains: domains(name, 'includeDomains', d.includeDomains),
    excludeDomains: domains(name, 'excludeDomains', d.excludeDomains),
    queryTerms: (d.queryTerms ?? []).map((term) => term.trim()),
  };
  if (d.description) result.description = d.description;
  if (d.mode) result.mode = d.mode;
  const ttlSeconds = d.ttlSeconds ?? (d.ttlClass ? TTL_CLASS_SECONDS[d.ttlClass] : undefined);
  if (ttlSeconds !== undefined) result.ttlSeconds = ttlSeconds;
  return Object.freeze(result);
}

/** `base` (default: the built-ins) plus `definitions`; a definition with a name in `base` replaces it. */
export function defineProfiles(
  definitions: Readonly<Record<string, ProfileDefinition>>,
  base: ProfileSet = BUILT_IN_PROFILES,
): ProfileSet {
  if (typeof definitions !== 'object' || definitions === null || Array.isArray(definitions)) {
    throw new TypeError('Search profiles must be an object mapping names to definitions');
  }
  const set: Record<string, SearchProfile> = { ...base };
  for (const [name, definition] of Object.entries(definitions)) set[name] = defineProfile(name, definition);
  return Object.freeze(set);
}

/**
 * Profiles from the environment: `base` (default: the built-ins) plus `SEARCH_PROFILES`, a JSON object
 * such as `{"tech":{"includeDomains":["github.com","stackoverflow.com"],"ttlSeconds":7200}}`.
 */
export function profilesFromEnv(env: Env, base: ProfileSet = BUILT_IN_PROFILES): ProfileSet {
  const raw = env.SEARCH_PROFILES?.trim();
  if (!raw) return base;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new SearchConfigError(
      'SEARCH_PROFILES',
      'not valid JSON: expected {"name": {"includeDomains": [...]}}',
    );
  }
  try {
    return defineProfiles(parsed as Record<string, ProfileDefinition>, base);
  } catch (error) {
    throw new SearchConfigError('SEARCH_PROFILES', error instanceof Error ? error.message : String(error));
  }
}

/** The profile called `name`; an unknown name is the caller's mistake, so it is an invalid_request. */
export function resolveProfile(name: string, profiles: ProfileSet = BUILT_IN_PROFILES): SearchProfile {
  const found = Object.hasOwn(profiles, name) ? profiles[name] : undefined;
  if (!found) {
    throw new SearchError(
      'invalid_request',
      `Unknown search profile "${name.slice(0, 40)}"; use one of: ${Object.keys(profiles).join(', ')}`,
    );
  }
  return found;
}

function union(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])];
}

/**
 * The request to send to a provider with `capabilities` under `profile`. Profiles set domains, query
 * terms and mode; each provider maps `includeDomains` its own way (an API filter, or `site:` terms).
 * Explicit request domains win over the profile's: they are the narrower choice. A provider without any
 * domain filter gets the profile's sites as `site:` terms in the query instead, so it can still answer
 * instead of being skipped.
 */
export function applyProfile(
  request: SearchRequest,
  profile: SearchProfile,
  capabilities: Pick<ProviderCapabilities, 'domainFilter' | 'modes'>,
): SearchRequest {
  const next: SearchRequest = { ...request, profile: profile.name };
  const lower = request.query.toLowerCase();
  for (const term of profile.queryTerms) {
    const longer = `${next.query} ${term}`;
    if (!lower.includes(term.toLowerCase()) && longer.length <= MAX_QUERY_LENGTH) next.query = longer;
  }
  if (capabilities.domainFilter !== 'none') {
    if (request.includeDomains.length === 0) next.includeDomains = [...profile.includeDomains];
    next.excludeDomains = union(request.excludeDomains, profile.excludeDomains).slice(0, 20);
  } else {
    // No domain filter at all: the profile's sites go into the query as `site:` terms, when they fit.
    const withSites = queryWithSiteFilters({ ...profile, query: next.query });
    if (withSites.length <= MAX_QUERY_LENGTH) next.query = withSites;
  }
  if (profile.mode && capabilities.modes.includes(profile.mode)) next.mode = profile.mode;
  return next;
}
