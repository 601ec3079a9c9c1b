import { formatUsd, plainText, type SearchResponse, type SearchResult } from '@agent-search/core';

export interface HumanOutputOptions {
  /** Terminal width; lines are wrapped to it (capped at 100 columns, for readability). */
  width?: number;
  /** ANSI bold/dim for titles and details. */
  color?: boolean;
  /** Display names by provider id ("duckduckgo" → "DuckDuckGo"). */
  providerNames?: ReadonlyMap<string, string>;
  now?: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SNIPPET_LINES = 3;

/** "3 h ago" within a day, otherwise "4 Mar 2025" (UTC). */
export function shortDate(iso: string, now: number): string | undefined {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return undefined;
  const ago = now - time;
  if (ago >= 0 && ago < 3_600_000) return `${Math.max(1, Math.round(ago / 60_000))} min ago`;
  if (ago >= 0 && ago < 86_400_000) return `${Math.round(ago / 3_600_000)} h ago`;
  const date = new Date(time);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "3 min old", "2 h old": how old a cached answer is. */
export function age(ms: number): string {
  if (ms < 60_000) return `${Math.max(0, Math.round(ms / 1000))} s old`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min old`;
  if (ms < 86_400_000) return `${Math.round(ms / 3_600_000)} h old`;
  return `${Math.round(ms / 86_400_000)} d old`;
}

/** Words filled into lines of at most `width` characters; at most `maxLines`, the last ending in "…" when cut. */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/u).filter(Boolean)) {
    const piece = word.length > width ? `${word.slice(0, width - 1)}…` : word;
    if (line === '') line = piece;
    else if (line.length + 1 + piece.length <= width) line += ` ${piece}`;
    else {
      lines.push(line);
      line = piece;
      if (lines.length === maxLines) break;
    }
  }
  if (lines.length < maxLines) return line === '' ? lines : [...lines, line];
  const last = lines[maxLines - 1]!;
  lines[maxLines - 1] = `${last.length < width ? last : last.slice(0, width - 1).trimEnd()}…`;
  return lines;
}

function compactCount(n: number): string {
  return new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(n);
}

// Results may come from a cache or a caller rather than a provider's normalization: printed text is
// made safe here again (no escape codes, bidi overrides or forged "[n]" reach the terminal).
const printable = (value: unknown) => (typeof value === 'string' ? plainText(value) : '');

function details(result: SearchResult, now: number): string {
  const parts = [printable(result.source)];
  if (result.publishedAt) parts.push(shortDate(result.publishedAt, now) ?? '');
  if (result.duration) parts.push(printable(result.duration));
  if (result.publisher && result.publisher.toLowerCase() !== result.source.toLowerCase()) {
    parts.push(printable(result.publisher));
  }
  if (result.viewCount !== undefined) parts.push(`${compactCount(result.viewCount)} views`);
  return parts.filter(Boolean).join(' · ');
}

/** "stale cache, 25 h old: may be outdated; every provider failed". */
function staleNote(response: SearchResponse): string {
  const old = response.ageMs === undefined ? '' : `, ${age(response.ageMs)}`;
  const failed = response.attempts.some((a) => a.code !== undefined) ? '; every provider failed' : '';
  return `stale cache${old}: may be outdated${failed}`;
}

/**
 * The footer: who answered (and whether keyless, on shared limits), how fast, what it cost, and whether
 * from the cache.
 */
export function footer(response: SearchResponse, providerNames?: ReadonlyMap<string, string>): string {
  const keyless = response.attempts.some(
    (a) => a.provider === response.provider && a.outcome === 'success' && a.keyless,
  );
  const name = `${providerNames?.get(response.provider) ?? response.provider}${keyless ? ' (keyless)' : ''}`;
  const count = response.results.length === 1 ? '1 result' : `${response.results.length} results`;
  let line = `${count} from ${name} in ${response.searchTimeMs} ms`;
  // What the search cost, every paid attempt counted; a free or cached one says nothing.
  if (response.costUsd) line += `, cost ${formatUsd(response.costUsd)}`;
  if (response.stale) line += ` (${staleNote(response)})`;
  else if (response.cached)
    line += ` (from cache${response.ageMs === undefined ? '' : `, ${age(response.ageMs)}`})`;
  return line;
}

/**
 * Results for a person at a terminal: numbered titles, then site, date and URL, then the snippet
 * wrapped to the terminal and cut after three lines.
 */
export function formatHuman(response: SearchResponse, options: HumanOutputOptions = {}): string {
  const width = Math.max(40, Math.min(options.width ?? 80, 100));
  const now = options.now ?? Date.now();
  const bold = (s: string) => (options.color ? `\u001b[1m${s}\u001b[22m` : s);
  const dim = (s: string) => (options.color ? `\u001b[2m${s}\u001b[22m` : s);
  if (response.results.length === 0) {
    const note = response.stale ? ` (${staleNote(response)})` : response.cached ? ' (from cache)' : '';
    return `No results for "${printable(response.query)}"${note}.\n`;
  }
  const digits = String(response.results.length).length;
  const indent = ' '.repeat(digits + 2);
  const blocks = response.results.map((result, i) => {
    const number = `${String(i + 1).padStart(digits)}.`;
    const [firstTitle = '', ...moreTitle] = wrap(printable(result.title), width - indent.length, 2);
    const lines = [`${number} ${bold(firstTitle)}`, ...moreTitle.map((l) => indent + bold(l))];
    lines.push(indent + dim(details(result, now)));
    lines.push(indent + dim(printable(result.url)));
    for (const l of wrap(printable(result.snippet), width - indent.length, SNIPPET_LINES))
      lines.push(indent + l);
    return lines.join('\n');
  });
  return `${blocks.join('\n\n')}\n\n${dim(footer(response, options.providerNames))}\n`;
}
