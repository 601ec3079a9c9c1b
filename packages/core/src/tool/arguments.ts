import {
  MAX_QUERY_LENGTH,
  MAX_RESULTS_LIMIT,
  normalizeMode,
  normalizeTimeRange,
  type SearchRequestInput,
} from '../request.ts';
import { printableText } from '../text.ts';
import { EMPTY_QUERY_ERROR } from '../views/tool-error.ts';

/**
 * One lenient reading of a model's raw `web_search` arguments, the same on every surface. A model's odd
 * value degrades to what it most likely meant; only a query that is empty or too long is refused.
 *
 * - `query`: a string (a number is read as its digits); trimmed.
 * - `max_results` (aliases `num_results`, `maxResults`; `max_results` wins): a number or a numeric string,
 *   truncated and clamped to 1..10; `0`, missing, `null` or not a number leave the default (5, or the
 *   client's `WEB_SEARCH_MAX_RESULTS`).
 * - `mode`: `text`, `news` or `videos` in any letter case; anything else is `text` (seed 000).
 * - `time_range` (alias `timelimit`, `timeRange`): `d`/`w`/`m`/`y` or `day`/`week`/`month`/`year`, any case;
 *   anything else is no time filter.
 * - `include_sites`/`exclude_sites`: a list of domains or one comma-separated string; the client checks
 *   each domain (a malformed one is its `invalid_request`, naming it).
 * - `region`: `xx-yy` in any case; anything else is no region.
 */
export type WebSearchArguments =
  | { ok: true; request: SearchRequestInput }
  | { ok: false; query: string; code: 'invalid_request'; message: string };

type RawArguments = Record<string, unknown>;

/** The first of `names` the model gave a value other than null, undefined or "". */
function pick(raw: RawArguments, names: readonly string[]): unknown {
  for (const name of names) {
    const value = raw[name];
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
}

/** A count the model asked for, or undefined for "no preference" (missing, 0, not a number). */
export function readResultCount(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return undefined;
  const whole = Math.trunc(n);
  if (whole === 0) return undefined;
  return Math.min(MAX_RESULTS_LIMIT, Math.max(1, whole));
}

function readQuery(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return '';
  // Cut before cleaning: an enormous argument costs one bounded scan, not one over all of it.
  const bounded = value.length > MAX_QUERY_LENGTH * 4 ? value.slice(0, MAX_QUERY_LENGTH * 4 + 1) : value;
  return printableText(bounded).replace(/\s+/gu, ' ').trim();
}

function readSites(value: unknown): string[] | undefined {
  const list = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  const sites = list
    .filter((s): s is string => typeof s === 'string')
    .map((s) => s.trim())
    .filter(Boolean);
  return sites.length > 0 ? sites : undefined;
}

function readRegion(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const region = value.trim().toLowerCase();
  return /^[a-z]{2}-[a-z]{2}$/.test(region) ? region : undefined;
}

/** Reads a model's raw arguments (any JSON value) as a search request, or the one refusal. */
export function readWebSearchArguments(input: unknown): WebSearchArguments {
  const raw: RawArguments = typeof input === 'object' && input !== null ? (input as RawArguments) : {};
  const query = readQuery(raw.query);
  if (query === '') return { ok: false, query, code: 'invalid_request', message: EMPTY_QUERY_ERROR };
  // Characters as a person counts them (code points): an emoji is one, not two UTF-16 units.
  const length = [...query].length;
  if (length > MAX_QUERY_LENGTH) {
    return {
      ok: false,
      query: query.slice(0, 80),
      code: 'invalid_request',
      message: `query is ${length} characters long; the limit is ${MAX_QUERY_LENGTH}`,
    };
  }
  const request: SearchRequestInput = { query, mode: normalizeMode(raw.mode) };
  const count = readResultCount(pick(raw, ['max_results', 'num_results', 'maxResults', 'numResults']));
  if (count !== undefined) request.maxResults = count;
  const timeRange = normalizeTimeRange(pick(raw, ['time_range', 'timelimit', 'timeRange', 'time_limit']));
  if (timeRange) request.timeRange = timeRange;
  const include = readSites(pick(raw, ['include_sites', 'includeDomains']));
  if (include) request.includeDomains = include;
  const exclude = readSites(pick(raw, ['exclude_sites', 'excludeDomains']));
  if (exclude) request.excludeDomains = exclude;
  const region = readRegion(raw.region);
  if (region) request.region = region;
  return { ok: true, request };
}
