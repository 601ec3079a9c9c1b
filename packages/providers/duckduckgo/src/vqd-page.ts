import { duckDuckGoError } from './errors.ts';
import { type FetchContext, fetchAnswer } from './fetch-answer.ts';
import { isAnomalyPage } from './html-page.ts';

/** The search page whose inline script carries the vqd token d.js, news.js and v.js need. */
export const VQD_PAGE_URL = 'https://duckduckgo.com/';

const WHAT = "DuckDuckGo's search page (vqd token)";

// `vqd='4-1719...'` in the inline script (two parts today, three in older pages), or `vqd="..."`.
const VQD_TOKEN = /vqd=['"](\d+-\d+(?:-\d+)?)['"]/;

/** `GET https://duckduckgo.com/?q=<query>&ia=web`, the page DuckDuckGo's own front end starts from. */
export function vqdPageUrl(query: string): string {
  return `${VQD_PAGE_URL}?${new URLSearchParams({ q: query, ia: 'web' })}`;
}

/** The vqd token in a search page, or undefined. */
export function readVqdToken(html: string): string | undefined {
  return VQD_TOKEN.exec(html)?.[1];
}

/**
 * Fetches the vqd token for `query`. A non-200 answer keeps its meaning (a 429 is `rate_limited` with
 * its Retry-After, a 5xx `unavailable`); a 200 page without a token is DuckDuckGo turning us away.
 */
export async function fetchVqd(
  query: string,
  headers: Record<string, string>,
  context: FetchContext,
): Promise<string> {
  const html = await fetchAnswer(vqdPageUrl(query), { headers }, context, WHAT);
  const token = readVqdToken(html);
  if (token) return token;
  const why = isAnomalyPage(html)
    ? 'served its bot challenge instead of a token'
    : 'came without a search token';
  throw duckDuckGoError('blocked', `${WHAT} ${why}`, { status: 200 });
}
