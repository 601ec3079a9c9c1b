import type { SearchError, SearchProviderV1, SearchRequest } from '@agent-search/core';
import { HttpResponse, type HttpResponseResolver, http, type JsonBodyType, type RequestHandler } from 'msw';
import { expect } from 'vitest';
import type { MswServer } from './msw.ts';
import { searchFailure, searchRequest } from './requests.ts';

/** A request that reached a JSON search API, with its body parsed. */
export interface CapturedRequest {
  url: string;
  headers: Headers;
  body: Record<string, unknown>;
}

/**
 * Answers JSON POSTs to `url` (an msw path: a leading `*` matches any base URL) with `answer` while `run`
 * runs, and returns the one request that arrived; fails the test unless exactly one did.
 */
export async function captureRequest(
  server: MswServer,
  { url, answer }: { url: string; answer: JsonBodyType },
  run: () => Promise<unknown>,
): Promise<CapturedRequest> {
  const seen: Request[] = [];
  server.use(
    http.post(url, ({ request }) => {
      seen.push(request.clone());
      return HttpResponse.json(answer);
    }),
  );
  await run();
  expect(seen, `requests that reached ${url}`).toHaveLength(1);
  const sent = seen[0]!;
  return { url: sent.url, headers: sent.headers, body: (await sent.json()) as Record<string, unknown> };
}

/** Every request that reaches the network edge while `run` runs (clones, so their bodies are unread). */
export async function requestsDuring(server: MswServer, run: () => Promise<unknown>): Promise<Request[]> {
  const requests: Request[] = [];
  const record = ({ request }: { request: Request }) => {
    requests.push(request.clone());
  };
  server.events.on('request:start', record);
  try {
    await run();
  } finally {
    server.events.removeListener('request:start', record);
  }
  return requests;
}

/** How many requests reach the network edge while `run` runs. */
export async function countRequests(server: MswServer, run: () => Promise<unknown>): Promise<number> {
  return (await requestsDuring(server, run)).length;
}

/**
 * Answers JSON POSTs to `url` like a search API: `fixture` with its `results` cut to the number the request
 * body asks for in `limitField` (`max_results`, `numResults`, ...). A body without it gets a 400.
 */
export function answerWithResults(
  url: string,
  fixture: { results: unknown[] },
  limitField: string,
): RequestHandler {
  return http.post(url, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    const limit = body[limitField];
    if (typeof limit !== 'number') {
      // Answered, not thrown: msw would log a thrown error and answer 500, which reads like an outage.
      return HttpResponse.json({ error: `no numeric ${limitField} in the request body` }, { status: 400 });
    }
    return HttpResponse.json({ ...fixture, results: fixture.results.slice(0, limit) } as JsonBodyType);
  });
}

export interface JsonApiCallsOptions {
  /** The endpoint the provider POSTs to (an msw path). */
  url: string;
  /** The query of the tests' default request. */
  query: string;
  /** What `capture` answers with: a normal search answer. */
  answer: JsonBodyType;
  /** Error bodies by status, as the API sends them (`fail` answers with one). */
  errors?: Readonly<Record<string, JsonBodyType>>;
}

type Searchable = Pick<SearchProviderV1, 'search'>;

/**
 * The calls a JSON search API provider's tests make again and again, bound to its endpoint: a request with
 * the tests' query, the `SearchError` a search fails with, the one upstream request a search makes,
 * handlers answering with an error body of the API's, and the endpoint's handler for any other answer.
 */
export function jsonApiCalls(server: MswServer, options: JsonApiCallsOptions) {
  const { url, answer } = options;
  const request = (overrides: Partial<SearchRequest> = {}) =>
    searchRequest({ query: options.query, ...overrides });
  const search = (provider: Searchable, req: SearchRequest) =>
    provider.search(req, { signal: AbortSignal.timeout(5_000) });
  return {
    request,
    endpoint: (resolver: HttpResponseResolver) => http.post(url, resolver),
    failure: (provider: Searchable, req = request()): Promise<SearchError> =>
      searchFailure(search(provider, req)),
    capture: (provider: Searchable, req: SearchRequest) =>
      captureRequest(server, { url, answer }, () => search(provider, req)),
    fail(status: string, headers: Record<string, string> = {}): RequestHandler[] {
      const body = options.errors?.[status];
      if (body === undefined) throw new Error(`no error body for HTTP ${status} in the fixtures`);
      return [http.post(url, () => HttpResponse.json(body, { status: Number(status), headers }))];
    },
  };
}
