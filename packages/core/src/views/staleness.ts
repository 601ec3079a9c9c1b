import type { SearchResponse } from '../response.ts';

/** What every view says about a stale answer, so a model does not present old news as current. */
export interface StaleNotice {
  /** When the provider answered (ISO 8601), when known. */
  fetchedAt?: string;
  /** "This answer is from 25 hours ago and may be outdated." */
  note: string;
}

export interface StaleNoticeOptions {
  /** "Now", for the age when the response carries no `ageMs`; default the current time. */
  now?: Date | number | string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function count(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** "3 minutes", "25 hours", "4 days": the age a person (or a voice) would say. */
export function describeAge(ms: number): string {
  if (ms < 2 * MINUTE) return 'a minute';
  if (ms < 2 * HOUR) return count(Math.floor(ms / MINUTE), 'minute');
  if (ms < 2 * DAY) return count(Math.floor(ms / HOUR), 'hour');
  return count(Math.floor(ms / DAY), 'day');
}

function isoTime(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/**
 * For a stale answer (a cached one served past its freshness, see `SearchResponse.stale`): when it was
 * fetched and a sentence saying how old it is. Undefined for a fresh answer.
 */
export function staleNotice(
  // Any response-like value: a tool adapter's stored output has these fields too.
  response: Pick<SearchResponse, 'stale' | 'ageMs' | 'fetchedAt'> & Partial<SearchResponse>,
  options: StaleNoticeOptions = {},
): StaleNotice | undefined {
  if (!response.stale) return undefined;
  const fetchedAt = isoTime(response.fetchedAt);
  const now = options.now === undefined ? Date.now() : new Date(options.now).getTime();
  const ageMs =
    typeof response.ageMs === 'number' && Number.isFinite(response.ageMs)
      ? response.ageMs
      : fetchedAt
        ? now - Date.parse(fetchedAt)
        : Number.NaN;
  const note =
    Number.isFinite(ageMs) && ageMs >= 0
      ? `This answer is from ${describeAge(ageMs)} ago and may be outdated.`
      : 'This answer is from an earlier search and may be outdated.';
  return fetchedAt ? { fetchedAt, note } : { note };
}
