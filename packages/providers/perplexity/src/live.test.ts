import { createSearchClient } from '@agent-search/core';
import { describe, expect, it } from 'vitest';
import { fromEnv } from './index.ts';

// Real API, real cost: runs only when PERPLEXITY_API_KEY is set.
describe.skipIf(!process.env.PERPLEXITY_API_KEY)('perplexity live', () => {
  const client = () =>
    createSearchClient({
      providers: [fromEnv(process.env)],
      timeoutMs: 20_000,
      attemptTimeoutMs: 20_000,
    });

  it('finds web results within a domain', async () => {
    const response = await client().search({
      query: 'PostgreSQL release notes',
      includeDomains: ['postgresql.org'],
      maxResults: 3,
    });
    expect(response.provider).toBe('perplexity');
    expect(response.results.length).toBeGreaterThan(0);
    expect(response.results.every((r) => r.source.endsWith('postgresql.org'))).toBe(true);
  });

  it('finds recent news', async () => {
    const response = await client().search({ query: 'space mission launch', mode: 'news', maxResults: 5 });
    expect(response.results.length).toBeGreaterThan(0);
  });

  it('maps a bad key to unauthorized', async () => {
    const bad = fromEnv({ PERPLEXITY_API_KEY: 'pplx-invalid-key-for-test' });
    const error = await createSearchClient({ providers: [bad], timeoutMs: 20_000, attemptTimeoutMs: 20_000 })
      .search({ query: 'hello' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unauthorized' });
  });
});
