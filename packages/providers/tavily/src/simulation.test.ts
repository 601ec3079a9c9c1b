import { postJson, useProviderSimulator } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { kit } from './testing.ts';

const simulator = useProviderSimulator([kit]);
const search = (body: unknown) => postJson(`${simulator().baseURL(kit)}/search`, body);

describe('Tavily on the provider simulator', () => {
  it('answers with as many results as asked, shaped as Tavily sends them', async () => {
    const answer = (await (await search({ query: 'heat pump', max_results: 3 })).json()) as {
      results: Record<string, unknown>[];
    };
    expect(answer).toMatchObject({ query: 'heat pump', answer: null, images: [] });
    expect(answer.results).toHaveLength(3);
    expect(Object.keys(answer.results[0]!).sort()).toEqual([
      'content',
      'raw_content',
      'score',
      'title',
      'url',
    ]);
    const news = (await (await search({ query: 'heat pump', topic: 'news' })).json()) as {
      results: { published_date?: string }[];
    };
    expect(news.results).toHaveLength(5);
    expect(news.results.every((r) => typeof r.published_date === 'string')).toBe(true);
    expect(simulator().calls('tavily')).toBe(2);
  });

  it("limits and fails in Tavily's error envelope", async () => {
    simulator().configure('tavily', { faults: { rate_limited: 1 } });
    const limited = await search({ query: 'x' });
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { detail: { error: string } }).detail.error).toMatch(
      /excessive requests/,
    );
    simulator().configure('tavily', { faults: { server_error: 1 } });
    const failed = await search({ query: 'x' });
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({ detail: { error: 'Service Unavailable' } });
  });
});
