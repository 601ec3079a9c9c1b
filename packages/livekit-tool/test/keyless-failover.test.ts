import { loadSearchConfig } from '@agent-search/core';
import { providerDefinition as duckduckgo } from '@agent-search/provider-duckduckgo';
import { providerDefinition as tavily } from '@agent-search/provider-tavily';
import { useMswServer } from '@agent-search/testing';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ProvenanceCollector } from '../src/index.ts';
import { HTML_URL, runToolTurn } from './harness.ts';

const server = useMswServer();
const TAVILY_SEARCH = 'https://api.tavily.com/search';

/** DuckDuckGo refusing this machine everywhere: the anomaly page on the HTML endpoint, 403 on the others. */
function blockDuckDuckGo() {
  const asked: string[] = [];
  server.use(
    http.post(HTML_URL, ({ request }) => {
      asked.push(request.url);
      return HttpResponse.html(
        '<!DOCTYPE html><html><body><div class="anomaly-modal__title">Unfortunately, bots use DuckDuckGo too.</div><div class="anomaly-modal__description">Please complete the following challenge to confirm this search was made by a human.</div></body></html>',
        { status: 202 },
      );
    }),
    http.get('https://duckduckgo.com/', () =>
      HttpResponse.html('<html><body>403 Forbidden</body></html>', { status: 403 }),
    ),
    http.get('https://links.duckduckgo.com/d.js', () => new HttpResponse('', { status: 403 })),
  );
  return asked;
}

/** Tavily's POST /search answer (keyless mode answers in the same shape as with a key). */
const TAVILY_ANSWER = {
  query: 'rust ownership',
  follow_up_questions: null,
  answer: null,
  images: [],
  results: [
    {
      url: 'https://doc.rust-lang.org/book/ch04-01-what-is-ownership.html',
      title: 'What Is Ownership? - The Rust Programming Language',
      content: 'Ownership is a set of rules that govern how a Rust program manages memory.',
      score: 0.93,
      raw_content: null,
    },
  ],
  response_time: 0.94,
  request_id: '7c1e2a3b-4d5f-4a6b-8c9d-0e1f2a3b4c5d',
};

/** The stack a LiveKit agent builds with no key set: DuckDuckGo, then Tavily keyless (the default). */
function keylessClient() {
  const config = loadSearchConfig({}, { definitions: [duckduckgo, tavily] });
  expect(config.providers.map((p) => [p.id, p.enabled])).toEqual([
    ['duckduckgo', true],
    ['tavily', true],
  ]);
  return config.client;
}

describe('search_internet with no key at all', () => {
  it('blocked DuckDuckGo: the answer comes from Tavily in keyless mode, with no key sent', async () => {
    blockDuckDuckGo();
    const sent: Request[] = [];
    server.use(
      http.post(TAVILY_SEARCH, ({ request }) => {
        sent.push(request);
        return HttpResponse.json(TAVILY_ANSWER);
      }),
    );
    const provenance = new ProvenanceCollector();
    const turn = await runToolTurn(
      { query: 'rust ownership' },
      { client: keylessClient(), publisher: false, caller: { provenance } },
    );
    expect(turn.output).toEqual({
      results: [
        {
          title: 'What Is Ownership? - The Rust Programming Language',
          href: 'https://doc.rust-lang.org/book/ch04-01-what-is-ownership.html',
          body: 'Ownership is a set of rules that govern how a Rust program manages memory.',
        },
      ],
    });
    expect(provenance.take().map((entry) => entry.provider)).toEqual(['tavily']);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.get('x-tavily-access-mode')).toBe('keyless');
    expect(sent[0]!.headers.get('authorization')).toBeNull();
  });

  it('Tavily\'s keyless limit: "rate limited", and Tavily is left alone for exactly the wait it gave', async () => {
    blockDuckDuckGo();
    let asked = 0;
    server.use(
      http.post(TAVILY_SEARCH, () => {
        asked++;
        return HttpResponse.json(
          {
            error: {
              code: 'hourly_cap',
              message: 'Keyless hourly limit reached.',
              retry_after_seconds: 1,
              next_actions: ['Create a free account at https://app.tavily.com for your own limits.'],
            },
          },
          { status: 429 },
        );
      }),
    );
    const client = keylessClient();
    const first = await runToolTurn({ query: 'rust ownership' }, { client, publisher: false });
    expect(first.output).toEqual({ results: [], error: 'rate limited' });
    expect(asked).toBe(1);
    // Within the second Tavily asked for, the next question does not ask it again...
    const second = await runToolTurn({ query: 'rust lifetimes' }, { client, publisher: false });
    expect(second.output).toEqual({ results: [], error: 'rate limited' });
    expect(asked).toBe(1);
    // ...and once it has passed, Tavily is asked again.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await runToolTurn({ query: 'rust borrowing' }, { client, publisher: false });
    expect(asked).toBe(2);
  });
});
