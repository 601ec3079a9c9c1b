import { SearchError } from './errors.ts';
import { printableText } from './text.ts';

export const SEARCH_MODES = ['text', 'news', 'videos'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

export const TIME_RANGES = ['d', 'w', 'm', 'y'] as const;
export type TimeRange = (typeof TIME_RANGES)[number];

export const SAFE_SEARCH = ['strict', 'moderate', 'off'] as const;
export type SafeSearch = (typeof SAFE_SEARCH)[number];

export const MAX_QUERY_LENGTH = 512;
export const DEFAULT_MAX_RESULTS = 5;
export const MAX_RESULTS_LIMIT = 10;
/** Most sites a request may include or exclude. */
export const MAX_DOMAINS = 20;

const TIME_RANGE_ALIASES: Record<string, TimeRange> = { day: 'd', week: 'w', month: 'm', year: 'y' };
// A bare host name: labels of letters, digits and hyphens (Unicode allowed for IDNs), at least one dot.
const DOMAIN = /^(?=.{1,253}$)(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}\p{N}-]{2,63}$/u;

/** A search request after normalization: every field has its final, valid value. */
export interface SearchRequest {
  query: string;
  mode: SearchMode;
  maxResults: number;
  timeRange?: TimeRange;
  safeSearch: SafeSearch;
  /** Provider-neutral region such as "us-en", "de-de" or "wt-wt" (no region). */
  region?: string;
  includeDomains: string[];
  excludeDomains: string[];
  /** Named search profile (e.g. "news", or one the client was given): site filters, mode and cache TTL. */
  profile?: string;
  /** Present when the caller wants each result's page text (`result.content`) from providers that have it. */
  includeContent?: true;
}

// The requests `normalizeRequest` made, so a layer handed one passes it on without checking it again. A
// WeakSet rather than a property: a spread copy (or a look-alike object) is not normalized, and is checked.
const normalizedRequests = new WeakSet<object>();
declare const normalized: unique symbol;

/**
 * A request `normalizeRequest` produced: frozen (so it cannot change after it was checked) and marked, so
 * the layers under the one that normalized it (cache, limits, chain) take it as it is instead of validating
 * it again. Only `normalizeRequest` makes one; a plain `SearchRequest` does not type-check as one.
 */
export type NormalizedRequest = Readonly<SearchRequest> & { readonly [normalized]: true };

/** Whether `value` is a request `normalizeRequest` produced (in this copy of core). */
export function isNormalizedRequest(value: unknown): value is NormalizedRequest {
  return typeof value === 'object' && value !== null && normalizedRequests.has(value);
}

/** What callers may send: only `query` is required, everything else is coerced or defaulted. */
export type SearchRequestInput = {
  query: string;
  mode?: SearchMode | (string & {});
  maxResults?: number;
  timeRange?: TimeRange | (string & {}) | null;
  safeSearch?: SafeSearch | (string & {});
  region?: string;
  includeDomains?: string | readonly string[];
  excludeDomains?: string | readonly string[];
  profile?: string;
  /** Ask for page text in `result.content` (Tavily, Exa); costs the provider more and makes answers larger. */
  includeContent?: boolean;
};

function invalid(message: string): SearchError {
  return new SearchError('invalid_request', message);
}

export function normalizeMode(value: unknown): SearchMode {
  const mode = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (SEARCH_MODES as readonly string[]).includes(mode) ? (mode as SearchMode) : 'text';
}

export function normalizeMaxResults(value: unknown, fallback = DEFAULT_MAX_RESULTS): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return fallback;
  return Math.min(MAX_RESULTS_LIMIT, Math.max(1, Math.trunc(n)));
}

export function normalizeTimeRange(value: unknown): TimeRange | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  if ((TIME_RANGES as readonly string[]).includes(v)) return v as TimeRange;
  return TIME_RANGE_ALIASES[v];
}

function normalizeSafeSearch(value: unknown): SafeSearch {
  const v = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (SAFE_SEARCH as readonly string[]).includes(v) ? (v as SafeSearch) : 'moderate';
}

function normalizeDomains(value: unknown, field: string): string[] {
  if (value === undefined || value === null || value === '') return [];
  const list = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(list)) throw invalid(`${field} must be a domain or a list of domains`);
  const domains = new Set<string>();
  for (const entry of list) {
    if (typeof entry !== 'string') throw invalid(`${field} must contain only strings`);
    if (entry.trim() === '') continue;
    const host = entry
      .trim()
      .toLowerCase()
      .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
      .replace(/^site:/, '')
      .replace(/[/?#].*$/, '')
      .replace(/^www\./, '');
    if (!DOMAIN.test(host)) throw invalid(`${field}: "${entry.slice(0, 80)}" is not a domain name`);
    domains.add(host);
  }
  if (domains.size > MAX_DOMAINS) throw invalid(`${field} accepts at most ${MAX_DOMAINS} domains`);
  return [...domains];
}

/**
 * Validates and normalizes a request. The query is strict (trimmed, non-empty, at most 512 characters);
 * every other field is lenient: an unknown mode becomes "text", maxResults is clamped to 1..10, unknown
 * time ranges and safe-search values fall back to none and "moderate". A request this function already
 * produced is returned as it is: it is frozen, every field already final, so checking it again would
 * find nothing (the request is validated once, by the outermost layer).
 */
export function normalizeRequest(input: unknown, defaults: { maxResults?: number } = {}): NormalizedRequest {
  if (isNormalizedRequest(input)) return input;
  if (typeof input !== 'object' || input === null) throw invalid('query is required');
  const raw = input as Partial<Record<keyof SearchRequestInput, unknown>>;
  if (typeof raw.query !== 'string') {
    throw invalid(raw.query === undefined ? 'query is required' : 'query must be a string');
  }
  // Controls, bidirectional and zero-width characters never reach a provider: they can only disguise
  // what is searched for. A query made only of them is empty.
  const query = printableText(raw.query).replace(/\s+/gu, ' ').trim();
  if (query === '') throw invalid('query is empty: say what to search for');
  // Characters as a person counts them (code points): an emoji is one, not two UTF-16 units.
  const length = [...query].length;
  if (length > MAX_QUERY_LENGTH) {
    throw invalid(`query is ${length} characters long; the limit is ${MAX_QUERY_LENGTH}`);
  }
  const request: SearchRequest = {
    query,
    mode: normalizeMode(raw.mode),
    maxResults: normalizeMaxResults(raw.maxResults, defaults.maxResults ?? DEFAULT_MAX_RESULTS),
    safeSearch: normalizeSafeSearch(raw.safeSearch),
    includeDomains: normalizeDomains(raw.includeDomains, 'includeDomains'),
    excludeDomains: normalizeDomains(raw.excludeDomains, 'excludeDomains'),
  };
  const timeRange = normalizeTimeRange(raw.timeRange);
  if (timeRange) request.timeRange = timeRange;
  if (typeof raw.region === 'string' && /^[a-z]{2}-[a-z]{2}$/i.test(raw.region.trim())) {
    request.region = raw.region.trim().toLowerCase();
  }
  if (typeof raw.profile === 'string' && raw.profile.trim() !== '') request.profile = raw.profile.trim();
  if (raw.includeContent === true) request.includeContent = true;
  return markNormalized(request);
}

function markNormalized(request: SearchRequest): NormalizedRequest {
  Object.freeze(request.includeDomains);
  Object.freeze(request.excludeDomains);
  normalizedRequests.add(Object.freeze(request));
  return request as NormalizedRequest;
}
