/**
 * Normalizes a query for cache keys and comparisons (seed 004): Unicode NFKC, lower case, collapsed
 * whitespace. Word order is kept: "new york pizza" and "pizza new york" are different questions.
 */
export function normalizeQuery(query: string): string {
  return query.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}
