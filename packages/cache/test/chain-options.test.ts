import { createSearchClient } from '@agent-search/core';
import { HANG_MS, searchFailure, useMswServer } from '@agent-search/testing';
import { createHttpTestProvider } from '@agent-search/testing/http-provider';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { withCache } from '../src/index.ts';
import { createHttpProvider } from './fixtures/http-provider.ts';
import { upstreamBody } from './fixtures/upstream-body.ts';
import { installUpstream, type Upstream } from './upstream.ts';

const server = useMswServer();
const OTHER = 'https://other.upstream.test/search';
let upstream: Upstream;
let otherCalls: number;

beforeEach(() => {
  upstream = installUpstream(server);
  otherCalls = 0;
  server.use(
    http.post(OTHER, async ({ request }) => {
      otherCalls++;
      const { query, maxResults } = (await request.json()) as { query: string; maxResults: number };
      return HttpResponse.json(upstreamBody(query, maxResults, 5));
    }),
  );
});

const twoProviders = (timeoutMs = 5_000) =>
  createSearchClient({
    providers: [createHttpProvider(), createHttpTestProvider({ id: 'other', url: OTHER })],
    timeoutMs,
  });

describe("a search's providers", () => {
  it('are forwarded to the chain and are part of the cache key', async () => {
    const client = withCache(twoProviders(), { rateLimits: false });
    const restricted = await client.search({ query: 'tide tables' }, { providers: ['other'] });
    expect(restricted).toMatchObject({ provider: 'other', cached: false });
    // Without the restriction, the answer of the restricted search is not served.
    const unrestricted = await client.search({ query: 'tide tables' });
    expect(unrestricted).toMatchObject({ provider: 'upstream', cached: false });
    expect(await client.search({ query: 'tide tables' }, { providers: ['other'] })).toMatchObject({
      provider: 'other',
      cached: true,
    });
    expect(otherCalls).toBe(1);
    expect(upstream.calls).toBe(1);
  });

  it('reject an unknown provider id as invalid_request', async () => {
    const client = withCache(twoProviders(), { rateLimits: false });
    const error = await searchFailure(client.search({ query: 'tide tables' }, { providers: ['nope'] }));
    expect(error.code).toBe('invalid_request');
    expect(upstream.calls + otherCalls).toBe(0);
  });
});

describe('the deadline covers the global rate-limit queue', () => {
  it('a search does not wait in the queue past its deadline', async () => {
    const client = withCache(twoProviders(400), {
      // The queue's own bound is past the hang bound: only the 400 ms deadline can end the wait in time.
      rateLimits: {
        perUser: false,
        global: { points: 1, durationSeconds: 60, maxWaitMs: 2 * HANG_MS },
      },
    });
    await client.search({ query: 'takes the only token' });
    const error = await searchFailure(client.search({ query: 'waits for the next window' }));
    expect(['rate_limited', 'timeout']).toContain(error.code);
    // A search that waited past its deadline would have had the next window's token (60 s) and an answer.
    expect(upstream.calls).toBe(1);
  });
});
