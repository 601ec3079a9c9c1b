import type { RawResult, SearchRequest } from '@agent-search/core';
import { duckDuckGoError } from './errors.ts';
import { type FetchContext, fetchAnswer } from './fetch-answer.ts';
import { parseHtmlPage } from './html-page.ts';
import { NO_REGION, SAFE_SEARCH_LEVEL } from './query.ts';

export const DEFAULT_HTML_URL = 'https://html.duckduckgo.com/html/';

export interface HtmlBackendContext extends FetchContext {
  url: string;
  userAgent: string;
}

const WHAT = 'The DuckDuckGo HTML endpoint';

/** The form the HTML endpoint's search box posts: q, kl (region), df (time range), kp (safe search). */
export function htmlSearchForm(query: string, request: SearchRequest): URLSearchParams {
  const form = new URLSearchParams({ q: query, b: '', kl: request.region ?? NO_REGION });
  if (request.timeRange) form.set('df', request.timeRange);
  form.set('kp', SAFE_SEARCH_LEVEL[request.safeSearch]);
  return form;
}

/**
 * How many of a page's results to read: twice what the search shows, so results core drops (a repeated
 * URL, one without a title) still leave enough; all of them when core filters by domain afterwards.
 */
export function resultsToRead(request: SearchRequest): number {
  const filtered = (request.includeDomains?.length ?? 0) > 0 || (request.excludeDomains?.length ?? 0) > 0;
  const shown = request.maxResults;
  return filtered || !(shown > 0) ? Number.POSITIVE_INFINITY : shown * 2;
}

/** Text search through `POST https://html.duckduckgo.com/html/`, a page without JavaScript or a vqd token. */
export async function searchHtmlEndpoint(
  query: string,
  request: SearchRequest,
  context: HtmlBackendContext,
): Promise<RawResult[]> {
  const html = await fetchAnswer(
    context.url,
    {
      method: 'POST',
      body: htmlSearchForm(query, request).toString(),
      headers: {
        accept: 'text/html,application/xhtml+xml',
        'accept-language': 'en-US,en;q=0.9',
        'content-type': 'application/x-www-form-urlencoded',
        referer: 'https://html.duckduckgo.com/',
        'user-agent': context.userAgent,
      },
    },
    context,
    WHAT,
  );
  context.signal.throwIfAborted();
  const page = parseHtmlPage(html, resultsToRead(request));
  if (page.kind === 'anomaly') {
    throw duckDuckGoError('blocked', `${WHAT} served its bot challenge instead of results`, { status: 200 });
  }
  if (page.kind === 'unrecognised') {
    throw duckDuckGoError('provider_error', `${WHAT} returned a page without recognisable results`, {
      status: 200,
    });
  }
  return page.results;
}
