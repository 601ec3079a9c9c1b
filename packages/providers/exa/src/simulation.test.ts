import { type ProviderSimulator, startProviderSimulator } from '@agent-search/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { kit } from './testing.ts';

let sim: ProviderSimulator;
beforeAll(async () => {
  sim = await startProviderSimulator({ kits: [kit] });
});
afterEach(() => sim.reset());
afterAll(() => sim.close());

const search = (body: unknown) =>
  fetch(`${sim.baseURL(kit)}/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('Exa on the provider simulator', () => {
  it('answers with as many results as asked, with highlights', async () => {
    const answer = (await (await search({ query: 'heat pump', numResults: 2 })).json()) as {
      results: { highlights: string[] }[];
    };
    expect(answer.results).toHaveLength(2);
    expect(answer.results[0]!.highlights.length).toBeGreaterThan(0);
    expect(sim.calls('exa')).toBe(1);
  });

  it("limits in Exa's error envelope", async () => {
    sim.configure('exa', { faults: { rate_limited: 1 } });
    const limited = await search({ query: 'x' });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ tag: 'RATE_LIMIT_EXCEEDED' });
  });
});
