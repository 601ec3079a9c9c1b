// Imported by path, not as a dependency: testing depends on core, and a dev dependency back would be a cycle.

import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createHttpTestProvider, useMswServer } from '../../testing/src/index.ts';
import { createSearchClient } from './client.ts';
import { isSearchError } from './errors.ts';
import { canonicalUrl, mergeRanked, searchMultiSource } from './multi-source.ts';

const server = useMswServer();

const url = (id: string) => `https://${id}.test/search`;
const provider = (id: string, modes: ('text' | 'news' | 'videos')[] = ['text', 'news', 'videos']) =>
  createHttpTestProvider({ id, url: url(id), capabilities: { modes } });

/** An upstream answering `urls` in that order, counting its calls. */
function upstream(id: string, urls: string[], wait = 0) {
  const calls = { count: 0 };
  server.use(
    http.post(url(id), async () => {
      calls.count++;
      if (wait > 0) await delay(wait);
      return HttpResponse.json({
        results: urls.map((u, i) => ({ title: `${id} ${i + 1}`, url: u, snippet: `from ${id}` })),
      });
    }),
  );
  return calls;
}

describe('canonicalUrl', () => {
  it('ignores www., scheme, fragment, trailing slash and tracking parameters, not other parameters', () => {
    const base = canonicalUrl('https://example.com/a?id=7');
    expect(canonicalUrl('http://www.example.com/a/?utm_source=x&id=7#top')).toBe(base);
    expect(canonicalUrl('https://example.com/a?fbclid=1&id=7&gclid=2&UTM_Medium=m')).toBe(base);
    expect(canonicalUrl('https://example.com/a?id=8')).not.toBe(base);
    expect(canonicalUrl('https://example.com/b?id=7')).not.toBe(base);
    expect(canonicalUrl('https://sub.example.com/a?id=7')).not.toBe(base);
  });
});

describe('searchMultiSource', () => {
  it('asks two providers at once and merges overlapping answers by reciprocal rank fusion', async () => {
    // a: shared1, onlyA, shared2; b: shared2 (as www + utm), shared1 (with a fragment), onlyB.
    const a = upstream('a', [
      'https://shared.example/one',
      'https://a-only.example/',
      'https://shared.example/two',
    ]);
    const b = upstream('b', [
      'https://www.shared.example/two?utm_source=b&utm_campaign=c',
      'https://shared.example/one#section',
      'https://b-only.example/',
    ]);
    const c = upstream('c', ['https://c-only.example/']);
    const client = createSearchClient({ providers: [provider('a'), provider('b'), provider('c')] });

    const response = await searchMultiSource(client, { query: 'merge me', maxResults: 10 });

    expect([a.count, b.count, c.count]).toEqual([1, 1, 0]);
    expect(response.providers).toEqual(['a', 'b']);
    expect(response.provider).toBe('a+b');
    // one: 1/61 + 1/62; two: 1/63 + 1/61; a-only: 1/62; b-only: 1/63.
    expect(response.results.map((r) => [r.url, r.providers])).toEqual([
      ['https://shared.example/one', ['a', 'b']],
      ['https://shared.example/two', ['a', 'b']],
      ['https://a-only.example/', ['a']],
      ['https://b-only.example/', ['b']],
    ]);
    // The first provider's copy of a shared result is kept.
    expect(response.results[0]!.title).toBe('a 1');
    expect(response.results[0]!.provider).toBe('a');
  });

  it('cuts the merged list to the request maxResults', async () => {
    upstream('a', ['https://1.example/', 'https://2.example/', 'https://3.example/']);
    upstream('b', ['https://4.example/', 'https://5.example/', 'https://6.example/']);
    const client = createSearchClient({ providers: [provider('a'), provider('b')] });
    const response = await searchMultiSource(client, { query: 'q', maxResults: 3 });
    expect(response.results.map((r) => r.url)).toEqual([
      'https://1.example/',
      'https://4.example/',
      'https://2.example/',
    ]);
  });

  it('skips providers that cannot serve the request and asks the next eligible one', async () => {
    const a = upstream('a', ['https://a.example/']);
    const b = upstream('b', ['https://b.example/']);
    const c = upstream('c', ['https://c.example/']);
    const client = createSearchClient({
      providers: [provider('a'), provider('b', ['text']), provider('c')],
    });
    const response = await searchMultiSource(client, { query: 'q', mode: 'news' });
    expect([a.count, b.count, c.count]).toEqual([1, 0, 1]);
    expect(response.providers).toEqual(['a', 'c']);
  });

  it('passes over a provider whose breaker is open, and asks it again once it is half-open', async () => {
    server.use(http.post(url('a'), () => new HttpResponse(null, { status: 503 })));
    upstream('b', ['https://b.example/']);
    upstream('c', ['https://c.example/']);
    let clock = 1_000_000;
    const client = createSearchClient({
      providers: [provider('a'), provider('b'), provider('c')],
      breaker: { consecutiveFailures: 1, openMs: 60_000 },
      now: () => clock,
    });
    await client.search({ query: 'warm up' }); // a fails over to b and its breaker opens
    expect(client.health()[0]!.state).toBe('open');
    const during = await searchMultiSource(client, { query: 'q' });
    expect(during.providers).toEqual(['b', 'c']);
    clock += 120_000;
    const a = upstream('a', ['https://a.example/']);
    const after = await searchMultiSource(client, { query: 'q' });
    expect(a.count).toBe(1);
    expect(after.providers).toEqual(['a', 'b']);
  });

  it('merges the answers that came in before the deadline and abandons the slow provider', async () => {
    upstream('a', ['https://a.example/']);
    upstream('b', ['https://b.example/'], 2_000);
    const client = createSearchClient({ providers: [provider('a'), provider('b')] });
    const response = await searchMultiSource(client, { query: 'q' }, { deadlineMs: 100 });
    expect(response.providers).toEqual(['a']);
    expect(response.results.map((r) => r.providers)).toEqual([['a']]);
  });

  it('keeps one provider answer when the other fails, and rejects with a search error when both fail', async () => {
    upstream('a', ['https://a.example/']);
    server.use(http.post(url('b'), () => new HttpResponse(null, { status: 503 })));
    const client = createSearchClient({ providers: [provider('a'), provider('b')] });
    expect((await searchMultiSource(client, { query: 'q' })).providers).toEqual(['a']);

    server.use(http.post(url('a'), () => new HttpResponse(null, { status: 429 })));
    const failing = createSearchClient({ providers: [provider('a'), provider('b')] });
    const error = await searchMultiSource(failing, { query: 'q' }).catch((e: unknown) => e);
    expect(isSearchError(error) && error.code).toBe('rate_limited');
  });

  it('rejects an invalid request before asking anyone', async () => {
    const a = upstream('a', ['https://a.example/']);
    const client = createSearchClient({ providers: [provider('a')] });
    const error = await searchMultiSource(client, { query: '   ' }).catch((e: unknown) => e);
    expect(isSearchError(error) && error.code).toBe('invalid_request');
    expect(a.count).toBe(0);
  });
});

describe('mergeRanked', () => {
  it('breaks score ties by best rank, then by list order', () => {
    const r = (u: string, p: string) => ({ title: u, url: u, snippet: '', source: '', provider: p });
    const merged = mergeRanked([[r('https://x.example/', 'a')], [r('https://y.example/', 'b')]]);
    expect(merged.map((m) => m.url)).toEqual(['https://x.example/', 'https://y.example/']);
  });
});
