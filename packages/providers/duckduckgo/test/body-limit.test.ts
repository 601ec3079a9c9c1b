import { createSearchClient } from '@agent-search/core';
import {
  type HostileUpstream,
  hugeAnswer,
  jsonListFraming,
  loopbackFetch,
  slowDrip,
  startHostileUpstream,
} from '@agent-search/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDuckDuckGoProvider } from '../src/index.ts';
import { kit, vqdPage } from '../src/testing.ts';

// The token page and d.js / news.js are fixed https URLs (duckduckgo.com/, links.duckduckgo.com/d.js, ...):
// the provider's `fetch` option sends them to a real loopback server, path and query unchanged. No msw here.
const MB = 1024 * 1024;
let upstream: HostileUpstream;

beforeAll(async () => {
  upstream = await startHostileUpstream();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

const provider = (maxBodyBytes?: number) =>
  createDuckDuckGoProvider({
    textBackends: ['djs'],
    fetch: loopbackFetch(upstream.origin),
    ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
  });
const vqd = () => ({
  kind: 'body' as const,
  headers: { 'content-type': 'text/html; charset=UTF-8' },
  body: vqdPage('huge query'),
});

describe('the token page, d.js and news.js are held to the body limit', () => {
  it('stops reading a 100 MB vqd page at 5 MB', async () => {
    upstream.answer('/', hugeAnswer(kit));
    const error = await createSearchClient({ providers: [provider()], timeoutMs: 5_000 })
      .search({ query: 'huge query' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'provider_error' });
    expect((error as Error).message).toMatch(/larger than 5 MB/);
    expect(upstream.bytesSent('/')).toBeLessThan(30 * MB);
  });

  it('stops reading a 100 MB d.js answer at 5 MB', async () => {
    upstream.answer('/', vqd());
    upstream.answer('/d.js', { ...hugeAnswer(kit), contentType: 'application/x-javascript' });
    const error = await createSearchClient({ providers: [provider()], timeoutMs: 5_000 })
      .search({ query: 'huge query' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'provider_error' });
    expect((error as Error).message).toMatch(/DuckDuckGo d.js sent an answer larger than 5 MB/);
    expect(upstream.requests.map((r) => r.path)).toEqual(['/', '/d.js']);
    expect(upstream.bytesSent('/d.js')).toBeLessThan(30 * MB);
  });

  it('applies maxBodyBytes to news.js', async () => {
    upstream.answer('/', vqd());
    const newsJs = jsonListFraming(
      '{"results":[',
      '{"title":"Title","url":"https://example.com/","content":"x"}',
      ']}',
    );
    upstream.answer('/news.js', hugeAnswer({ framing: newsJs }, { bytes: 2 * MB }));
    const error = await createSearchClient({ providers: [provider(256 * 1024)], timeoutMs: 5_000 })
      .search({ query: 'huge query', mode: 'news' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'provider_error' });
    expect((error as Error).message).toMatch(/larger than 256 KB/);
  });

  it('ends a slow-drip d.js body at the deadline', async () => {
    upstream.answer('/', vqd());
    upstream.answer('/d.js', slowDrip(kit));
    // The drip never ends: only the deadline can end the search, and the code says it did.
    const error = await createSearchClient({ providers: [provider()], timeoutMs: 500 })
      .search({ query: 'huge query' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'timeout' });
  });
});
