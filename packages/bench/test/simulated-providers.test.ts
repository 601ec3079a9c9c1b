import { createSearchClient } from '@agent-search/core';
import { loadProviderKits } from '@agent-search/registry/testing';
import type { ProviderSimulator } from '@agent-search/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeNeedleTo, startBenchSimulator } from '../src/upstreams.ts';
import { responseViolations } from './support/contract.ts';

// The simulator serves every registered provider from its kit alone: a provider added to the registry is
// served (and faulted, in the fault matrix) with no edit to the simulator.
const KITS = await loadProviderKits();
let sim: ProviderSimulator;
beforeAll(async () => {
  sim = await startBenchSimulator(9);
  routeNeedleTo(sim);
});
afterAll(() => sim.close());

describe('the provider simulator', () => {
  it('serves every registered provider', () => {
    expect(sim.providers).toEqual(KITS.map((k) => k.definition.id));
  });

  it.each(KITS.map((k) => [k.definition.id]))(
    '%s: answers a text search through the client with clean results from the corpus',
    async (id) => {
      const client = createSearchClient({ providers: [sim.provider(id)], timeoutMs: 5_000 });
      const before = sim.calls(id);
      const response = await client.search({ query: 'heat pump cold climate', maxResults: 3 });
      expect(response.results.length).toBeGreaterThan(0);
      expect(response.results.length).toBeLessThanOrEqual(3);
      expect(responseViolations(response)).toEqual([]);
      expect(response.results.map((r) => new URL(r.url).hostname)).toContain('www.energy.gov');
      expect(sim.calls(id) - before).toBeGreaterThan(0);
    },
  );
});
