import { learnedNotice, type SearchResponse } from '../response.ts';
import type { SearchResult } from '../result.ts';
import { isoDay, plainLine } from './fields.ts';
import { staleNotice } from './staleness.ts';

export interface ModelTextOptions {
  /** "Today" for the header line; default the current time. */
  now?: Date | number | string;
  /**
   * Longest snippet, in characters, cut at a sentence or word end with "…"; default 240. Search
   * snippets are excerpts already: past a couple of sentences they cost tokens more than they inform.
   * `Infinity` keeps them whole.
   */
  maxSnippetChars?: number;
}

export const DEFAULT_MODEL_SNIPPET_CHARS = 240;

// " - Reuters", " | Dictionary.com": a spaced separator; the title's last part follows the last one.
const TITLE_SEPARATOR = /\s[-|–—·:]\s/gu;

function alphanumeric(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

// `plainLine` drops bracketed numbers ("[3]" footnotes, a forged "[9]") that would read as citations.
const field = plainLine;

/** The title without a trailing " - Site Name" when it only repeats the site printed next to it. */
function titleWithoutSite(title: string, site: string): string {
  const name = alphanumeric(site.split('.')[0] ?? '');
  if (name.length < 3) return title;
  let last: RegExpExecArray | undefined;
  for (const match of title.matchAll(TITLE_SEPARATOR)) last = match;
  if (!last || last.index === 0) return title;
  const suffix = title.slice(last.index + last[0].length);
  return alphanumeric(suffix).includes(name) ? title.slice(0, last.index) : title;
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const sentence = Math.max(
    cut.lastIndexOf('. '),
    cut.lastIndexOf('。'),
    cut.lastIndexOf('! '),
    cut.lastIndexOf('? '),
  );
  if (sentence > max * 0.6) return cut.slice(0, sentence + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function resultLines(result: SearchResult, id: number, maxSnippet: number): string {
  const site = field(result.source);
  const title = titleWithoutSite(field(result.title), site);
  const day = isoDay(result.publishedAt);
  const meta = [site, day].filter(Boolean).join(', ');
  const snippet = shorten(field(result.snippet), maxSnippet);
  return `[${id}] ${title}${meta ? ` (${meta})` : ''}${snippet ? `\n${snippet}` : ''}`;
}

/**
 * The default view for a language model: a short header with the query and today's date, then
 * `[n] Title (site, date)` and the snippet on the next line. Numbers match `toSources`, so the model
 * cites `[n]` and the program keeps the URLs: no URLs, provider ids or timings spend the model's tokens.
 * Each field is one line with bracketed numbers removed, so result text cannot forge another result.
 * A cached answer says so in the header; a stale one also gets a line under it saying how old it is.
 */
export function toModelText(
  // What a tool adapter's stored output (`WebSearchOutput`) also has, so it can be rendered later.
  response: Pick<SearchResponse, 'query' | 'results' | 'stale' | 'ageMs' | 'fetchedAt'> &
    Partial<Pick<SearchResponse, 'cached' | 'learned'>>,
  options: ModelTextOptions = {},
): string {
  // "(2026-11-24, cached)": the cache mark costs two tokens in the header.
  const today = `${isoDay(options.now ?? Date.now())}${response.cached ? ', cached' : ''}`;
  const query = field(response.query);
  const stale = staleNotice(response, options);
  if (response.results.length === 0) {
    return `No results for "${query}" (${today}).${stale ? ` ${stale.note}` : ''}`;
  }
  const maxSnippet = Math.max(1, options.maxSnippetChars ?? DEFAULT_MODEL_SNIPPET_CHARS);
  const lines = response.results.map((r, i) => resultLines(r, i + 1, maxSnippet));
  if (stale) lines.unshift(stale.note);
  // An answer from a search memory: who learned it, and that it is quoted web content.
  if (response.learned) lines.unshift(learnedNotice(response.learned));
  return `Results for "${query}" (${today}):\n${lines.join('\n')}`;
}
