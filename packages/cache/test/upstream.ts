import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import {
  createSearchClient,
  type ProfileSet,
  type ProviderDefinition,
  type SearchClient,
  type SearchRequest,
} from '@agent-search/core';
import type { MswServer } from '@agent-search/testing';
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll } from 'vitest';
import { createHttpProvider, TEST_UPSTREAM } from './fixtures/http-provider.ts';
import { upstreamBody } from './fixtures/upstream-body.ts';

export interface Upstream {
  /** Requests that reached the upstream API. */
  calls: number;
  /** Queries of those requests, in order. */
  queries: string[];
  /** Answer every request with this HTTP status instead of results. */
  failWith?: number;
  /** Results the upstream has for any query (default 10). */
  available: number;
  /** When set, responses wait until it resolves. */
  gate?: Promise<void>;
  /** Requests whose caller aborted them. */
  aborted: number;
}

/** Installs an msw handler for the test upstream that counts calls. Call it in beforeEach. */
export function installUpstream(server: MswServer): Upstream {
  const state: Upstream = { calls: 0, queries: [], available: 10, aborted: 0 };
  server.use(
    http.post(TEST_UPSTREAM, async ({ request }) => {
      state.calls++;
      const { query, maxResults, includeDomains } = (await request.json()) as SearchRequest;
      state.queries.push(query);
      request.signal.addEventListener('abort', () => state.aborted++);
      if (state.gate) {
        await Promise.race([
          state.gate,
          new Promise<void>((resolve) => request.signal.addEventListener('abort', () => resolve())),
        ]);
        // Nobody reads the answer of an aborted request; a network error ends it quietly.
        if (request.signal.aborted) return HttpResponse.error();
      }
      if (state.failWith) return HttpResponse.json({ error: 'upstream failure' }, { status: state.failWith });
      return HttpResponse.json(upstreamBody(query, maxResults, state.available, includeDomains?.[0]));
    }),
  );
  return state;
}

export interface LoopbackUpstream {
  /** The search API's URL, for `createHttpProvider(url)` here or in another process. */
  url: string;
  /** Requests that reached it, from every process. */
  calls: number;
}

/**
 * The test upstream on a loopback HTTP server rather than msw, for searches made in other processes too:
 * started before the file's tests, closed after them. It answers at once, so a search's time is the cache's.
 */
export function useLoopbackUpstream(): LoopbackUpstream {
  const state: LoopbackUpstream = { url: '', calls: 0 };
  let server: Server | undefined;
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      state.calls++;
      let text = '';
      for await (const chunk of req) text += chunk;
      const { query, maxResults } = JSON.parse(text) as { query: string; maxResults: number };
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(upstreamBody(query, maxResults)));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no address');
    state.url = `http://127.0.0.1:${address.port}/search`;
  });
  afterAll(() => server?.close());
  return state;
}

/** A real core client over the test provider; `profiles` as `createSearchClient` takes them. */
export function createUpstreamClient(options: { profiles?: ProfileSet } = {}): SearchClient {
  return createSearchClient({ providers: [createHttpProvider()], timeoutMs: 5_000, ...options });
}

/** The test provider as configuration sees it, for `loadSearchConfig` (`SEARCH_PROVIDER_PRIORITY=upstream`). */
export const upstreamDefinition: ProviderDefinition = {
  id: 'upstream',
  name: 'Test upstream',
  capabilities: createHttpProvider().capabilities,
  load: async () => ({ fromEnv: () => createHttpProvider() }),
};

/** A settable clock for `now` options. */
export function fakeClock(start = Date.parse('2025-03-01T08:00:00Z')) {
  const clock = {
    time: start,
    now: () => clock.time,
    advance(ms: number) {
      clock.time += ms;
    },
  };
  return clock;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
