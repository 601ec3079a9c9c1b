import type { SafeSearch, SearchRequest } from '@agent-search/core';

/** The query with the domain filters as `site:` / `-site:` terms, DuckDuckGo's only domain filter. */
export function queryWithSiteFilters(request: SearchRequest): string {
  const terms = [request.query];
  const include = request.includeDomains.map((d) => `site:${d}`);
  if (include.length === 1) terms.push(include[0]!);
  else if (include.length > 1) terms.push(`(${include.join(' OR ')})`);
  for (const d of request.excludeDomains) terms.push(`-site:${d}`);
  return terms.join(' ');
}

/** DuckDuckGo's safe-search levels (`kp` on the HTML endpoint, `SafeSearchType` in duck-duck-scrape is 0/-1/-2). */
export const HTML_SAFE_SEARCH: Record<SafeSearch, string> = { strict: '1', moderate: '-1', off: '-2' };

/** DuckDuckGo's "no region" value. */
export const NO_REGION = 'wt-wt';
