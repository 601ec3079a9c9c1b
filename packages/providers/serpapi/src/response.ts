import { type ProviderResponse, type RawResult, SearchError, type SearchMode } from '@agent-search/core';
import { PROVIDER_ID, quotedReason } from './errors.ts';

/** One result of Google's web results (`organic_results`) or News tab (`news_results`): the fields we read. */
interface SerpApiResult {
  title?: unknown;
  link?: unknown;
  snippet?: unknown;
  /** As Google shows it: "Mar 1, 2025" on web results, often "13 hours ago" on news. */
  date?: unknown;
  /** The site's or outlet's name ("Wikipedia", "Reuters"); an object `{name}` in some of SerpApi's engines. */
  source?: unknown;
  thumbnail?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function malformed(what: string): SearchError {
  return new SearchError('provider_error', `SerpApi sent a malformed response (${what})`, {
    provider: PROVIDER_ID,
  });
}

const UNIT_MS = { minute: 60_000, min: 60_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000 };
// Anchored, no nested quantifiers: linear on any input. Months and years are too coarse to date.
const RELATIVE_AGE = /^(\d{1,3}) (minute|min|hour|day|week)s? ago$/;

/** When SerpApi ran the search ("2023-01-15 07:32:17 UTC"), which relative dates count back from. */
function processedAt(body: Record<string, unknown>): number | undefined {
  const metadata = body.search_metadata;
  if (!isObject(metadata) || typeof metadata.processed_at !== 'string') return undefined;
  const iso = metadata.processed_at.trim().replace(/^(\S+) (\S+) UTC$/, '$1T$2Z');
  const time = Date.parse(iso);
  return Number.isNaN(time) ? undefined : time;
}

/**
 * A result's date for core to read: a relative age ("13 hours ago", Google's usual news date) counted back
 * from when SerpApi ran the search (SerpApi serves cached searches up to an hour old); anything else as
 * Google wrote it ("Mar 1, 2025"), which core parses or drops.
 */
function dateOf(value: unknown, searchedAt: number): unknown {
  if (typeof value !== 'string' || value.length > 40) return value;
  const age = RELATIVE_AGE.exec(value.trim().toLowerCase());
  if (!age) return value;
  // A search run at the earliest date a Date holds has no date days before it: undated, not a thrown answer.
  const date = new Date(searchedAt - Number(age[1]) * UNIT_MS[age[2] as keyof typeof UNIT_MS]);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function sourceOf(value: unknown): unknown {
  return isObject(value) ? value.name : value;
}

/** SerpApi finished the search and Google found nothing of this kind ("Success" with an `error` saying so). */
function foundNothing(body: Record<string, unknown>): boolean {
  const metadata = body.search_metadata;
  return isObject(metadata) && metadata.status === 'Success';
}

/**
 * Raw results from a parsed SerpApi answer; throws `provider_error` when it is not one. A search Google
 * answered with none of the results asked for has no list at all: SerpApi marks it "Success" (often with
 * `error: "Google hasn't returned any results for this query."`), which is an empty answer, not a failure.
 * `secrets` are kept out of a quoted `error`.
 */
export function fromSerpApiResponse(
  body: unknown,
  mode: SearchMode,
  secrets: readonly string[],
): ProviderResponse {
  if (!isObject(body)) throw malformed('not a JSON object');
  // SerpApi names the list after the result type: the News tab's, or the web results.
  const key = mode === 'news' ? 'news_results' : 'organic_results';
  const list = body[key];
  if (list === undefined) {
    if (foundNothing(body)) return { results: [] };
    const reason = quotedReason(body.error, secrets);
    if (reason) {
      throw new SearchError('provider_error', `SerpApi failed: ${reason}`, { provider: PROVIDER_ID });
    }
    throw malformed(`no ${key} list`);
  }
  if (!Array.isArray(list)) throw malformed(`${key} is not a list`);
  const searchedAt = processedAt(body) ?? Date.now();
  const response: ProviderResponse = {
    results: list
      .filter((r): r is SerpApiResult => isObject(r))
      .map(
        (r): RawResult => ({
          title: r.title,
          url: r.link,
          snippet: r.snippet,
          publishedAt: dateOf(r.date, searchedAt),
          source: sourceOf(r.source),
          thumbnail: r.thumbnail,
        }),
      ),
  };
  const information = body.search_information;
  if (isObject(information) && typeof information.total_results === 'number') {
    response.totalResults = information.total_results;
  }
  return response;
}
