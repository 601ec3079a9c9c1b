import { createSearchClient, type SearchClient } from '@agent-search/core';
import { createExaProvider } from '@agent-search/provider-exa';
import type { MswServer } from '@agent-search/testing';
import { HttpResponse, http } from 'msw';
import { withLegalProfiles } from '../profiles.ts';
import type { Page } from './pages.ts';

/** Exa's search endpoint, which msw answers with the test pages. */
export const EXA_SEARCH = 'https://api.exa.ai/search';

/** The parts of Exa's search body the legal searches decide. */
export interface SentSearch {
  query: string;
  numResults: number;
  includeDomains?: string[];
  contents: { highlights?: unknown; text?: { maxCharacters: number } };
}

/**
 * A client with the legal profiles on the real Exa provider, whose API msw answers in Exa's shape: each page's opening as its
 * highlight, and the page text as `text` when the search asked for it (and `pageText` is not false: Exa
 * has no text for some pages). Records every body sent.
 */
export function serveSearch(
  server: MswServer,
  pages: Page[],
  { pageText = true }: { pageText?: boolean } = {},
): { client: SearchClient; sent: SentSearch[] } {
  const sent: SentSearch[] = [];
  server.use(
    http.post(EXA_SEARCH, async ({ request }) => {
      const body = (await request.json()) as SentSearch;
      sent.push(body);
      return HttpResponse.json({
        requestId: 'b5947044c4b78efa9552a7c89b306d95',
        resolvedSearchType: 'neural',
        results: pages.slice(0, body.numResults).map((page) => ({
          id: page.url,
          url: page.url,
          title: page.title,
          publishedDate: page.publishedDate ?? null,
          author: null,
          highlights: [page.text.slice(0, 200)],
          highlightScores: [0.42],
          ...(body.contents.text && pageText ? { text: page.text.slice(0, body.contents.text.maxCharacters) } : {}),
        })),
        costDollars: { total: 0.005 },
      });
    }),
  );
  const exa = createExaProvider({ apiKey: 'exa-legal-cn-test-key' });
  return { client: createSearchClient({ providers: [exa], profiles: withLegalProfiles() }), sent };
}
