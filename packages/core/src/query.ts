/**
 * Normalizes a query for cache keys and comparisons: Unicode NFKC, lower case, collapsed
 * whitespace. Word order is kept: "new york pizza" and "pizza new york" are different questions.
 */
export function normalizeQuery(query: string): string {
  return query.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/**
 * `query` with domain filters written as `site:` / `-site:` terms, for engines that take no other domain
 * filter: `q (site:a OR site:b) -site:c`.
 */
export function queryWithSiteFilters(request: {
  query: string;
  includeDomains: readonly string[];
  excludeDomains: readonly string[];
}): string {
  const terms = [request.query];
  const include = request.includeDomains.map((d) => `site:${d}`);
  if (include.length === 1) terms.push(include[0]!);
  else if (include.length > 1) terms.push(`(${include.join(' OR ')})`);
  for (const d of request.excludeDomains) terms.push(`-site:${d}`);
  return terms.join(' ');
}
