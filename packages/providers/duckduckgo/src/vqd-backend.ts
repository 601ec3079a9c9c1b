import type { RawResult, SearchError, SearchMode, SearchRequest } from '@agent-search/core';
import type { EndpointAnswer } from './answer.ts';
import { parseDjsAnswer } from './djs-answer.ts';
import { duckDuckGoError } from './errors.ts';
import { type FetchContext, fetchAnswer } from './fetch-answer.ts';
import { parseNewsAnswer } from './news-answer.ts';
import { parseVideosAnswer } from './videos-answer.ts';
import { djsQuery, newsQuery, VQD_ENDPOINTS, videosQuery } from './vqd-endpoints.ts';
import { fetchVqd } from './vqd-page.ts';

export interface VqdBackendContext extends FetchContext {
  /** Headers of every request (a browser's, with the User-Agent). */
  headers: Record<string, string>;
}

interface Endpoint {
  what: string;
  query: (query: string, request: SearchRequest, vqd: string) => URLSearchParams;
  parse: (body: string) => EndpointAnswer;
}

const ENDPOINTS: Record<SearchMode, Endpoint> = {
  text: { what: 'DuckDuckGo d.js', query: djsQuery, parse: parseDjsAnswer },
  news: { what: 'DuckDuckGo news.js', query: newsQuery, parse: parseNewsAnswer },
  videos: { what: 'DuckDuckGo v.js', query: videosQuery, parse: parseVideosAnswer },
};

/**
 * Text (d.js), news (news.js) and video (v.js) search: a vqd token from duckduckgo.com, then the
 * endpoint's answer with that token, read by our parser. Every failure is a `SearchError`; an abort
 * rejects with the signal's reason.
 */
export async function searchWithVqd(
  mode: SearchMode,
  query: string,
  request: SearchRequest,
  context: VqdBackendContext,
): Promise<RawResult[]> {
  const { what, parse } = ENDPOINTS[mode];
  const vqd = await fetchVqd(query, context.headers, context);
  const url = `${VQD_ENDPOINTS[mode]}?${ENDPOINTS[mode].query(query, request, vqd)}`;
  const body = await fetchAnswer(url, { headers: context.headers }, context, what);
  context.signal.throwIfAborted();
  const answer = parse(body);
  if (answer.kind === 'results') return answer.results;
  throw refusalError(answer.kind, what);
}

function refusalError(kind: Exclude<EndpointAnswer['kind'], 'results'>, what: string): SearchError {
  switch (kind) {
    case 'anomaly':
      return duckDuckGoError('blocked', `${what} flagged the request as automated (anomaly block)`, {
        status: 200,
      });
    case 'server-error':
      return duckDuckGoError('unavailable', `${what} reported a server error (DDG.deep.is506)`, {
        status: 200,
      });
    case 'unrecognised':
      return duckDuckGoError('provider_error', `${what} sent an answer that could not be read`, {
        status: 200,
      });
  }
}
