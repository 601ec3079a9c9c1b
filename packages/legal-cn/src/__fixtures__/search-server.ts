import { createSearchClient, type SearchClient } from '@agent-search/core';
import type { MswServer } from '@agent-search/testing';
import { HttpResponse, http } from 'msw';
import type { Page } from './pages.ts';
import { createFixtureProvider, FIXTURE_API } from './provider.ts';

export interface SentSearch {
  query: string;
  numResults: number;
  includeDomains: string[];
  profile?: string;
}

/** Serves `pages` as an Exa-like search API and records what each search asked for. */
export function serveSearch(server: MswServer, pages: Page[]): { client: SearchClient; sent: SentSearch[] } {
  const sent: SentSearch[] = [];
  server.use(
    http.post(FIXTURE_API, async ({ request }) => {
      const body = (await request.json()) as SentSearch;
      sent.push(body);
      return HttpResponse.json({
        requestId: 'b5947044c4b78efa9552a7c89b306d95',
        results: pages.slice(0, body.numResults).map((page, i) => ({ id: page.url, score: 0.9 - i / 10, ...page })),
      });
    }),
  );
  return { client: createSearchClient({ providers: [createFixtureProvider()] }), sent };
}
