import type { SearchResponse } from '../response.ts';
import { oneLine } from './fields.ts';

/** One citable source; `id` is the number the model text and the XML view give the same result. */
export interface Source {
  id: number;
  title: string;
  url: string;
  site: string;
  /** Only when the answer is a stale cached one: this source may have changed since. */
  stale?: true;
}

/** The results as numbered sources, so an answer citing `[2]` can be linked to its page. */
export function toSources(response: SearchResponse): Source[] {
  return response.results.map((result, index) => ({
    id: index + 1,
    title: oneLine(result.title),
    url: result.url,
    site: oneLine(result.source),
    ...(response.stale ? { stale: true as const } : {}),
  }));
}

export interface GroundingFooterOptions {
  /** Most sites to name; default 3. */
  maxSites?: number;
}

/**
 * A one-line provenance note for an answer built on this search:
 * `grounded in: web search for "bitcoin price" (coinmarketcap.com, reuters.com)`.
 */
export function toGroundingFooter(response: SearchResponse, options: GroundingFooterOptions = {}): string {
  const sites = [...new Set(response.results.map((r) => oneLine(r.source)).filter((s) => s !== ''))];
  const shown = sites.slice(0, Math.max(1, options.maxSites ?? 3));
  const more = sites.length - shown.length;
  const list = shown.length === 0 ? '' : ` (${shown.join(', ')}${more > 0 ? `, +${more} more` : ''})`;
  return `grounded in: web search for "${oneLine(response.query)}"${list}`;
}
