import { createSearchClient, searchMultiSource } from '@agent-search/core';
import { createHttpTestProvider, useMswServer } from '@agent-search/testing';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { withCache } from '../src/index.ts';

const server = useMswServer();
const url = (id: string) => `https://${id}.test/search`;

/** Two upstreams, each answering one result of its own and counting its calls. */
function upstreams() {
  const calls: Record<string, number> = { a: 0, b: 0 };
  for (const id of ['a', 'b']) {
    server.use(
      http.post(url(id), () => {
        calls[id]!++;
        return HttpResponse.json({ results: [{ title: id, url: `https://${id}.example/`, snippet: id }] });
      }),
    );
  }
  return calls;
}

const client = () =>
  withCache(
    createSearchClient({
      providers: ['a', 'b'].map((id) => createHttpTestProvider({ id, url: url(id) })),
    }),
    { rateLimits: false },
  );

describe('withCache and a search restricted to some providers', () => {
  it('forwards the restriction and caches each restriction under its own key', async () => {
    const calls = upstreams();
    const cached = client();
    expect((await cached.search({ query: 'q' }, { providers: ['b'] })).provider).toBe('b');
    expect((await cached.search({ query: 'q' })).provider).toBe('a');
    expect((await cached.search({ query: 'q' }, { providers: ['b'] })).cached).toBe(true);
    expect((await cached.search({ query: 'q' }, { providers: ['b'] })).provider).toBe('b');
    expect(calls).toEqual({ a: 1, b: 1 });
  });

  it('lets a multi-source search reuse each provider answer it cached', async () => {
    const calls = upstreams();
    const cached = client();
    const first = await searchMultiSource(cached, { query: 'q' });
    const second = await searchMultiSource(cached, { query: 'q' });
    expect(first.providers).toEqual(['a', 'b']);
    expect(second.cached).toBe(true);
    expect(second.results.map((r) => r.providers)).toEqual([['a'], ['b']]);
    expect(calls).toEqual({ a: 1, b: 1 });
  });
});
