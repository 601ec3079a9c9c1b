import { createSearchClient } from '@agent-search/core';
import { searchRequest } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { fromEnv } from './index.ts';

// Real Exa API calls cost credits: run only when EXA_API_KEY is set (EXA_BASE_URL is honoured too).
describe.skipIf(!process.env.EXA_API_KEY)('exa live', () => {
  const client = () =>
    createSearchClient({
      providers: [fromEnv(process.env)],
      timeoutMs: 20_000,
      attemptTimeoutMs: 20_000,
    });

  it('answers a text search with short snippets', async () => {
    const response = await client().search({ query: 'solid-state battery electrolyte', maxResults: 3 });
    expect(response.provider).toBe('exa');
    expect(response.results.length).toBeGreaterThan(0);
    expect(response.results.length).toBeLessThanOrEqual(3);
    for (const r of response.results) {
      expect(r.url).toMatch(/^https?:\/\//);
      expect(r.snippet.length).toBeLessThanOrEqual(1_000);
    }
  });

  it('answers a news search restricted to the past week and one domain', async () => {
    const response = await client().search({
      query: 'technology',
      mode: 'news',
      timeRange: 'w',
      includeDomains: ['reuters.com'],
      maxResults: 3,
    });
    const weekAgo = Date.now() - 8 * 86_400_000;
    for (const r of response.results) {
      expect(r.url).toMatch(/reuters\.com/);
      if (r.publishedAt) expect(Date.parse(r.publishedAt)).toBeGreaterThan(weekAgo);
    }
  });

  it('maps a wrong key to unauthorized', async () => {
    const provider = fromEnv({ ...process.env, EXA_API_KEY: 'not-a-real-exa-key' });
    const error = await provider
      .search(searchRequest({ query: 'test', maxResults: 1 }), { signal: AbortSignal.timeout(20_000) })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unauthorized' });
  });
});
