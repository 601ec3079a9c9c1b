import { createSearchClient, isNormalizedRequest, wrapSearchClient } from '@agent-search/core';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';
import { duckDuckGoHtmlPage } from '@agent-search/provider-duckduckgo/testing';
import { useMswServer } from '@agent-search/testing';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { readPage, withPageContent } from '../src/index.ts';

const server = useMswServer();

const entries = [1, 2, 3, 4].map((n) => ({
  title: `Heat pump guide part ${n}`,
  url: `https://guides.example/heat-pumps/part-${n}`,
  snippet: `Part ${n} of our heat pump guide.`,
}));

/** DuckDuckGo's HTML endpoint and the guide site, at the network edge; records the pages read. */
function serve({ failing = '' } = {}) {
  const reads: string[] = [];
  server.use(
    http.post('https://html.duckduckgo.com/html/', async ({ request }) => {
      const query = new URLSearchParams(await request.text()).get('q') ?? '';
      return HttpResponse.html(duckDuckGoHtmlPage(query, entries));
    }),
    http.get('https://guides.example/robots.txt', () => new HttpResponse('User-agent: *\nAllow: /\n')),
    http.get('https://guides.example/heat-pumps/:part', ({ params }) => {
      reads.push(String(params.part));
      if (params.part === failing) return new HttpResponse('down', { status: 503 });
      return HttpResponse.html(
        `<html><head><title>Guide ${params.part}</title></head><body><nav>Home · Shop · Log in</nav><main><article><h1>Guide ${params.part}</h1><p>In ${params.part}, we explain how a heat pump moves heat from outside air into the house, even at minus fifteen degrees.</p><p>Installers size the unit from the heat loss of the house, not from its floor area alone.</p></article></main></body></html>`,
      );
    }),
  );
  return reads;
}

const client = () =>
  withPageContent(
    createSearchClient({
      providers: [createDuckDuckGoProvider()],
      timeoutMs: 30_000,
      attemptTimeoutMs: 30_000,
    }),
    readPage,
    // A loaded machine may take longer than the default 6 s to read a page: these tests are not about time.
    { maxPages: 2, readOptions: { timeoutMs: 60_000 } },
  );

describe('withPageContent', () => {
  it('reads the top results’ pages for a keyless search with includeContent', async () => {
    const reads = serve();
    const response = await client().search({ query: 'heat pump guide', includeContent: true, maxResults: 4 });
    expect(reads.sort()).toEqual(['part-1', 'part-2']);
    expect(response.results[0]?.content).toContain('In part-1, we explain how a heat pump moves heat');
    expect(response.results[0]?.content).toContain('Installers size the unit');
    expect(response.results[0]?.content).not.toContain('Log in');
    expect(response.results[1]?.content).toContain('In part-2');
    expect(response.results[2]?.content).toBeUndefined();
    expect(response.results[2]?.snippet).toContain('Part 3');
  });

  it('leaves searches without includeContent alone', async () => {
    const reads = serve();
    const response = await client().search({ query: 'heat pump guide' });
    expect(reads).toEqual([]);
    expect(response.results.every((result) => result.content === undefined)).toBe(true);
  });

  it('keeps a result whose page cannot be read', async () => {
    const reads = serve({ failing: 'part-1' });
    const response = await client().search({ query: 'heat pump guide', includeContent: true });
    expect(reads.sort()).toEqual(['part-1', 'part-2']);
    expect(response.results[0]?.content).toBeUndefined();
    expect(response.results[0]?.title).toBe('Heat pump guide part 1');
    expect(response.results[1]?.content).toContain('In part-2');
  });

  it('validates the request once and hands the wrapped client that normalized request', async () => {
    const reads = serve();
    const inner = createSearchClient({
      providers: [createDuckDuckGoProvider()],
      timeoutMs: 30_000,
      attemptTimeoutMs: 30_000,
    });
    const normalized: unknown[] = [];
    const received: unknown[] = [];
    // A layer over the real client that notes each validation asked of it and what each search got.
    const noted = wrapSearchClient(inner, {
      normalize(input) {
        const request = inner.normalize(input);
        normalized.push(request);
        return request;
      },
      search(input, options) {
        received.push(input);
        return inner.search(input, options);
      },
    });
    const wrapped = withPageContent(noted, readPage, { maxPages: 1, readOptions: { timeoutMs: 60_000 } });
    const response = await wrapped.search({
      query: ' heat pump guide ',
      includeContent: true,
      maxResults: 2,
    });
    expect(response.results[0]?.content).toContain('In part-1');
    expect(reads).toEqual(['part-1']);
    expect(normalized).toHaveLength(1);
    expect(received).toHaveLength(1);
    expect(received[0]).toBe(normalized[0]);
    expect(isNormalizedRequest(received[0])).toBe(true);
    // An invalid request stops before the wrapped client's search.
    await expect(wrapped.search({ query: '   ', includeContent: true })).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect(received).toHaveLength(1);
  });

  it('is the wrapped client in every other respect: its deadline, hedge usage and flush too', async () => {
    serve();
    const inner = createSearchClient({
      providers: [createDuckDuckGoProvider()],
      timeoutMs: 30_000,
      attemptTimeoutMs: 30_000,
    });
    const wrapped = withPageContent(inner, readPage);
    await wrapped.search({ query: 'heat pump guide' });
    // A cache around this client counts its waits against this deadline: without it, it has none.
    expect(wrapped.timeoutMs).toBe(30_000);
    expect(wrapped.hedgeUsage?.()).toEqual({ searches: 1, hedges: 0 });
    expect(wrapped.hedgeUsage?.()).toEqual(inner.hedgeUsage?.());
    expect(wrapped.flush).toBeTypeOf('function');
    expect(wrapped.providers).toBe(inner.providers);
    expect(wrapped.profiles).toBe(inner.profiles);
    expect(wrapped.health()).toEqual(inner.health());
  });
});
