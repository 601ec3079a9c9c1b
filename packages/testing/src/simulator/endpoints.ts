import {
  braveWebResponse,
  dJs,
  duckDuckGoHtmlPage,
  exaResponse,
  newsJs,
  searxngResponse,
  tavilyResponse,
  vJs,
  vqdPage,
} from './payloads.ts';

/** Every endpoint the simulator speaks, named `<provider>.<endpoint>`. */
export const SIMULATED_ENDPOINTS = [
  'duckduckgo.html',
  'duckduckgo.vqd',
  'duckduckgo.d.js',
  'duckduckgo.news.js',
  'duckduckgo.v.js',
  'tavily.search',
  'exa.search',
  'brave.web',
  'searxng.search',
] as const;
export type SimulatedEndpoint = (typeof SIMULATED_ENDPOINTS)[number];

export const SIMULATED_PROVIDERS = ['duckduckgo', 'tavily', 'exa', 'brave', 'searxng'] as const;
export type SimulatedProvider = (typeof SIMULATED_PROVIDERS)[number];

export function endpointsOf(target: SimulatedProvider | SimulatedEndpoint): SimulatedEndpoint[] {
  return (SIMULATED_ENDPOINTS as readonly string[]).includes(target)
    ? [target as SimulatedEndpoint]
    : SIMULATED_ENDPOINTS.filter((e) => e.startsWith(`${target}.`));
}

/** One request as the simulator saw it. */
export interface SimulatedRequest {
  endpoint: SimulatedEndpoint;
  method: string;
  url: URL;
  /** The Host header: requests sent through `agent` (duck-duck-scrape's) keep their real DuckDuckGo host names. */
  host: string;
  body: string;
  /** The search query the request carries ("" when none could be read). */
  query: string;
  /** The parsed JSON body of API requests, when it parsed. */
  json?: Record<string, unknown>;
}

export interface SimulatedResponse {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

export const CONTENT_TYPES = {
  html: 'text/html; charset=UTF-8',
  js: 'application/x-javascript',
  json: 'application/json; charset=utf-8',
} as const;

/** Which endpoint a request is for, by method and path (and the Host header for duckduckgo.com's root). */
export function routeOf(method: string, url: URL): SimulatedEndpoint | undefined {
  const path = url.pathname;
  if (method === 'POST') {
    if (path === '/html' || path === '/html/') return 'duckduckgo.html';
    if (path === '/tavily/search') return 'tavily.search';
    if (path === '/exa/search') return 'exa.search';
    return undefined;
  }
  if (method !== 'GET') return undefined;
  if (path === '/d.js') return 'duckduckgo.d.js';
  if (path === '/news.js') return 'duckduckgo.news.js';
  if (path === '/v.js') return 'duckduckgo.v.js';
  if (path === '/brave/res/v1/web/search') return 'brave.web';
  if (path === '/searxng/search') return 'searxng.search';
  if (path === '/' && url.searchParams.has('q')) return 'duckduckgo.vqd';
  return undefined;
}

/** The query a request carries, wherever its API puts it. */
export function queryOf(
  endpoint: SimulatedEndpoint,
  url: URL,
  body: string,
  json?: Record<string, unknown>,
): string {
  if (endpoint === 'duckduckgo.html') return new URLSearchParams(body).get('q') ?? '';
  if (endpoint === 'tavily.search' || endpoint === 'exa.search') {
    return typeof json?.query === 'string' ? json.query : '';
  }
  return url.searchParams.get('q') ?? '';
}

function numberField(json: Record<string, unknown> | undefined, key: string): number | undefined {
  const value = json?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The healthy answer of `request.endpoint`. */
export function healthyResponse(request: SimulatedRequest): SimulatedResponse {
  const { query } = request;
  switch (request.endpoint) {
    case 'duckduckgo.html':
      return {
        status: 200,
        headers: { 'content-type': CONTENT_TYPES.html },
        body: duckDuckGoHtmlPage(query),
      };
    case 'duckduckgo.vqd':
      return { status: 200, headers: { 'content-type': CONTENT_TYPES.html }, body: vqdPage(query) };
    case 'duckduckgo.d.js':
      return { status: 200, headers: { 'content-type': CONTENT_TYPES.js }, body: dJs(query) };
    case 'duckduckgo.news.js':
      return { status: 200, headers: { 'content-type': CONTENT_TYPES.json }, body: newsJs(query) };
    case 'duckduckgo.v.js':
      return { status: 200, headers: { 'content-type': CONTENT_TYPES.json }, body: vJs(query) };
    case 'tavily.search': {
      const maxResults = numberField(request.json, 'max_results');
      return {
        status: 200,
        headers: { 'content-type': CONTENT_TYPES.json },
        body: tavilyResponse(query, {
          ...(maxResults === undefined ? {} : { maxResults }),
          news: request.json?.topic === 'news',
        }),
      };
    }
    case 'brave.web': {
      const count = Number(request.url.searchParams.get('count'));
      return {
        status: 200,
        headers: { 'content-type': CONTENT_TYPES.json },
        body: braveWebResponse(query, Number.isSafeInteger(count) && count > 0 ? { count } : {}),
      };
    }
    case 'searxng.search':
      return { status: 200, headers: { 'content-type': CONTENT_TYPES.json }, body: searxngResponse(query) };
    case 'exa.search': {
      const numResults = numberField(request.json, 'numResults');
      return {
        status: 200,
        headers: { 'content-type': CONTENT_TYPES.json },
        body: exaResponse(query, numResults === undefined ? {} : { numResults }),
      };
    }
  }
}
