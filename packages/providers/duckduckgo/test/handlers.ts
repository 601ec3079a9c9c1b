import { readFileSync } from 'node:fs';
import { hang, type MswServer } from '@agent-search/testing';
import { HttpResponse, type HttpResponseResolver, http, type RequestHandler } from 'msw';
import { afterEach, beforeEach } from 'vitest';

/** A fixture written for these tests, shaped like DuckDuckGo's responses. */
export function fixture(name: string): string {
  return readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
}

/**
 * Every request msw sees during each test (emptied before each one), so tests can check what reached
 * "DuckDuckGo". Call it once at the top of a test file.
 */
export function recordRequests(server: MswServer): Request[] {
  const requests: Request[] = [];
  const record = ({ request }: { request: Request }) => {
    requests.push(request.clone());
  };
  beforeEach(() => {
    requests.length = 0;
    server.events.on('request:start', record);
  });
  afterEach(() => {
    server.events.removeListener('request:start', record);
  });
  return requests;
}

export const URLS = {
  /** The search page the vqd token is read from. */
  vqd: 'https://duckduckgo.com/',
  djs: 'https://links.duckduckgo.com/d.js',
  news: 'https://duckduckgo.com/news.js',
  videos: 'https://duckduckgo.com/v.js',
  html: 'https://html.duckduckgo.com/html/',
} as const;

// The content types DuckDuckGo serves each endpoint with.
const HTML = { 'content-type': 'text/html; charset=UTF-8' };
const JS = { 'content-type': 'application/x-javascript; charset=UTF-8' };
const JSON_TYPE = { 'content-type': 'application/json; charset=UTF-8' };

export const vqdPage = () =>
  http.get(URLS.vqd, () => new HttpResponse(fixture('vqd-page.html'), { headers: HTML }));
export const djs = (file = 'd.js') =>
  http.get(URLS.djs, () => new HttpResponse(fixture(file), { headers: JS }));
export const newsJs = (file = 'news.js.json') =>
  http.get(URLS.news, () => new HttpResponse(fixture(file), { headers: JSON_TYPE }));
export const videosJs = (file = 'v.js.json') =>
  http.get(URLS.videos, () => new HttpResponse(fixture(file), { headers: JSON_TYPE }));
export const htmlEndpoint = (file = 'html-results.html', status = 200) =>
  http.post(URLS.html, () => new HttpResponse(fixture(file), { status, headers: HTML }));

/** Every endpoint answering with results. */
export const resultHandlers = (): RequestHandler[] => [
  vqdPage(),
  djs(),
  newsJs(),
  videosJs(),
  htmlEndpoint(),
];

/** Every endpoint answering "nothing found". */
export const emptyHandlers = (): RequestHandler[] => [
  vqdPage(),
  djs('d.js-no-results.js'),
  newsJs('news.js-empty.json'),
  videosJs('v.js-empty.json'),
  htmlEndpoint('html-no-results.html'),
];

/** The same answer from every DuckDuckGo endpoint. */
export function everyEndpoint(resolver: HttpResponseResolver): RequestHandler[] {
  return Object.values(URLS).map((url) => http.all(url, resolver));
}

export const hangHandlers = (): RequestHandler[] => everyEndpoint(({ request }) => hang(request));

export const status = (code: number, headers: Record<string, string> = {}): RequestHandler[] =>
  everyEndpoint(
    () =>
      new HttpResponse(`<html><body><h1>${code}</h1></body></html>`, {
        status: code,
        headers: { ...HTML, ...headers },
      }),
  );
