import type { SearchErrorCode } from '@agent-search/core';
import { HttpResponse, type HttpResponseResolver, type JsonBodyType, type RequestHandler } from 'msw';
import type { FaultCase } from './conformance.ts';

export interface JsonApiFaultOptions {
  /** A handler for the provider's endpoint(s) answering with `resolver` (`(r) => http.get(URL, r)`). */
  route: (resolver: HttpResponseResolver) => RequestHandler;
  /** The provider's error envelope for `status`, e.g. `{detail: {error: message}}`. */
  errorBody: (status: number, message: string) => JsonBodyType;
  /** JSON of the wrong shape for this provider (its results list missing or not a list): a `provider_error`. */
  wrongShape: JsonBodyType;
  /** Statuses the provider answers with a page of its own instead of `errorBody` (e.g. a gateway's 401 page). */
  pages?: Readonly<Record<number, string>>;
  /** Statuses whose code differs from the common HTTP mapping (a provider's own quota statuses). */
  codes?: Readonly<Record<number, SearchErrorCode>>;
  /** More answers in `errorBody`: the provider's own statuses, with the message it sends and the code it means. */
  statuses?: readonly { status: number; message: string; code: SearchErrorCode }[];
}

/**
 * The faults every JSON search API can answer with, as `describeProviderConformance` takes them: an invalid
 * key, rate limiting with Retry-After, server errors (also as an HTML page from a proxy), a body that is not
 * JSON, an HTML page with status 200, JSON of the wrong shape and a connection reset. A provider's test adds its own statuses and shapes.
 */
export function jsonApiFaults(options: JsonApiFaultOptions): FaultCase[] {
  const { route, errorBody } = options;
  const status = (
    code: number,
    message: string,
    headers: Record<string, string> = {},
    meaning?: SearchErrorCode,
  ): FaultCase => ({
    name: `HTTP ${code} (${message})`,
    handlers: [
      route(() => {
        const page = options.pages?.[code];
        return page === undefined
          ? HttpResponse.json(errorBody(code, message), { status: code, headers })
          : HttpResponse.html(page, { status: code, headers });
      }),
    ],
    code:
      meaning ??
      options.codes?.[code] ??
      (code === 401 ? 'unauthorized' : code === 429 ? 'rate_limited' : 'unavailable'),
  });
  return [
    status(401, 'invalid API key'),
    status(429, 'too many requests', { 'Retry-After': '3' }),
    status(500, 'internal error'),
    status(503, 'overloaded'),
    {
      name: 'HTTP 502 with an HTML page',
      handlers: [
        route(() => HttpResponse.html('<html><body><h1>502 Bad Gateway</h1></body></html>', { status: 502 })),
      ],
      code: 'unavailable',
    },
    {
      name: 'a body that is not JSON',
      handlers: [route(() => HttpResponse.text('{"results": [{"url": "https://exam', { status: 200 }))],
      code: 'provider_error',
    },
    {
      name: 'an HTML page with status 200 (a captive portal or bot check)',
      handlers: [route(() => HttpResponse.html('<html><body>Just a moment...</body></html>'))],
      code: 'provider_error',
    },
    {
      name: 'JSON of the wrong shape',
      handlers: [route(() => HttpResponse.json(options.wrongShape))],
      code: 'provider_error',
    },
    { name: 'a connection reset', handlers: [route(() => HttpResponse.error())], code: 'unavailable' },
    ...(options.statuses ?? []).map((s) => status(s.status, s.message, {}, s.code)),
  ];
}
