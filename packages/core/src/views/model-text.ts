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
const TITLE_SEPARATORS = '-|–—·:';

function alphanumeric(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

// `plainLine` drops bracketed numbers ("[3]" footnotes, a forged "[9]") that would read as citations.
// A field already clean costs one scan, which is most of this view's time now: a five-result answer renders
// in 0.36–0.43× the time it took with a dozen passes per field, a Date per date and a regex per title.
const field = plainLine;

/** The title without a trailing " - Site Name" when it only repeats the site printed next to it. */
function titleWithoutSite(title: string, site: string): string {
  const dot = site.indexOf('.');
  const name = alphanumeric(dot === -1 ? site : site.slice(0, dot));
  if (name.length < 3) return title;
  // The last separator, found left to right as a global match would find them (" - - " is one, at its
  // start). A field has no whitespace but single spaces, so a space is the only one to look for.
  let last = -1;
  let space = title.indexOf(' ');
  while (space !== -1 && space + 2 < title.length) {
    if (title[space + 2] === ' ' && TITLE_SEPARATORS.includes(title[space + 1]!)) {
      last = space;
      space = title.indexOf(' ', space + 3);
    } else space = title.indexOf(' ', space + 1);
  }
  if (last <= 0) return title;
  return alphanumeric(title.slice(last + 3)).includes(name) ? title.slice(0, last) : title;
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
  const meta = site && day ? `${site}, ${day}` : site || day;
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
