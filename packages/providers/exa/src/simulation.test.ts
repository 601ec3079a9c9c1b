import { postJson, useProviderSimulator } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { kit } from './testing.ts';

const simulator = useProviderSimulator([kit]);
const search = (body: unknown) => postJson(`${simulator().baseURL(kit)}/search`, body);

describe('Exa on the provider simulator', () => {
  it('answers with as many results as asked, with highlights', async () => {
    const answer = (await (await search({ query: 'heat pump', numResults: 2 })).json()) as {
      results: { highlights: string[] }[];
    };
    expect(answer.results).toHaveLength(2);
    expect(answer.results[0]!.highlights.length).toBeGreaterThan(0);
    expect(simulator().calls('exa')).toBe(1);
  });

  it("limits in Exa's error envelope", async () => {
    simulator().configure('exa', { faults: { rate_limited: 1 } });
    const limited = await search({ query: 'x' });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ tag: 'RATE_LIMIT_EXCEEDED' });
  });
});
