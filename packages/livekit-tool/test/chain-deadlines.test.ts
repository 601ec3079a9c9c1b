import { withCache } from '@agent-search/cache';
import { createSearchClient } from '@agent-search/core';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';
import { createTavilyProvider } from '@agent-search/provider-tavily';
import { hang, useMswServer } from '@agent-search/testing';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { HTML_URL, runToolTurn } from './harness.ts';

const server = useMswServer();
const TAVILY_URL = 'https://api.tavily.com/search';

/** DuckDuckGo hung on every endpoint (HTML and the d.js token page); Tavily answering in 100 ms. */
function hungPrimaryHealthySecondary() {
  server.use(
    http.post(HTML_URL, ({ request }) => hang(request)),
    http.get('https://duckduckgo.com/', ({ request }) => hang(request)),
    http.post(TAVILY_URL, async ({ request }) => {
      const { query } = (await request.json()) as { query: string };
      await delay(100);
      return HttpResponse.json({
        query,
        results: [
          {
            url: 'https://example.org/answer',
            title: `About ${query}`,
            content: 'An answer from the secondary provider.',
            score: 0.9,
          },
        ],
        response_time: 0.1,
      });
    }),
  );
}

describe('search_internet answers from the secondary within the deadline while the primary hangs', () => {
  it.each([
    [8_000, 4_000],
    [4_000, 4_000],
    [3_000, 4_000],
    [2_000, 500],
  ])('%i/%i ms, through the cache wrapper: 20 of 20 turns', async (timeoutMs, attemptTimeoutMs) => {
    hungPrimaryHealthySecondary();
    const client = withCache(
      createSearchClient({
        providers: [createDuckDuckGoProvider(), createTavilyProvider({ apiKey: 'tvly-dev-test-key-0000' })],
        timeoutMs,
        attemptTimeoutMs,
      }),
      { rateLimits: false },
    );
    for (let i = 0; i < 20; i++) {
      // Every turn answered from the secondary: a search that outran its deadline would be an error.
      const turn = await runToolTurn({ query: `question ${i}` }, { client, publisher: false });
      expect(turn.output.error).toBeUndefined();
      expect(turn.output.results[0]).toMatchObject({ href: 'https://example.org/answer' });
    }
  });
});
