import { createSearchClient } from '@agent-search/core';
import { describe, expect, it } from 'vitest';
import { fromEnv } from './index.ts';

// Real API, real credits: runs only when TAVILY_API_KEY is set.
describe.skipIf(!process.env.TAVILY_API_KEY)('tavily live', () => {
  const client = () =>
    createSearchClient({
      providers: [fromEnv(process.env)],
      timeoutMs: 20_000,
      attemptTimeoutMs: 20_000,
    });

  it('finds web results', async () => {
    const response = await client().search({ query: 'TypeScript handbook', maxResults: 3 });
    expect(response.provider).toBe('tavily');
    expect(response.results.length).toBeGreaterThan(0);
    expect(response.results.length).toBeLessThanOrEqual(3);
  });

  it('finds recent news with publication dates', async () => {
    const response = await client().search({
      query: 'central bank interest rates',
      mode: 'news',
      timeRange: 'w',
      maxResults: 5,
    });
    expect(response.results.length).toBeGreaterThan(0);
    expect(response.results.some((r) => r.publishedAt)).toBe(true);
  });

  it('maps a bad key to unauthorized', async () => {
    const bad = fromEnv({ TAVILY_API_KEY: 'tvly-invalid-key-for-test' });
    const error = await createSearchClient({ providers: [bad], timeoutMs: 20_000, attemptTimeoutMs: 20_000 })
      .search({ query: 'hello' })
      .catch((e) => e);
    expect(error).toMatchObject({ code: 'unauthorized' });
  });
});
