import { withCache } from '@agent-search/cache';
import { createSearchClient } from '@agent-search/core';
import type { ProviderSimulator } from '@agent-search/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { duckDuckGo, routeNeedleTo, startBenchSimulator, tavily } from '../src/upstreams.ts';

// The real DuckDuckGo and Tavily providers over real loopback sockets (the provider simulator): DuckDuckGo
// blackholed on every endpoint, Tavily answering in 100 ms.
let sim: ProviderSimulator;
beforeAll(async () => {
  sim = await startBenchSimulator(7);
  routeNeedleTo(sim);
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.reset();
  sim.configure('duckduckgo', { faults: { hang: 1 } });
  sim.configure('tavily', { latency: { kind: 'fixed', ms: 100 } });
});

const PAIRS = [
  [8_000, 4_000],
  [4_000, 4_000],
  [3_000, 4_000],
  [2_000, 500],
] as const;

describe('over loopback sockets, a hung DuckDuckGo: 20 of 20 searches answered by Tavily in time', () => {
  for (const [timeoutMs, attemptTimeoutMs] of PAIRS) {
    for (const cached of [false, true]) {
      it(`${timeoutMs}/${attemptTimeoutMs} ms${cached ? ', through the cache wrapper' : ''}`, async () => {
        const chain = createSearchClient({
          providers: [duckDuckGo(sim), tavily(sim)],
          timeoutMs,
          attemptTimeoutMs,
        });
        const client = cached ? withCache(chain, { rateLimits: false }) : chain;
        for (let i = 0; i < 20; i++) {
          const started = performance.now();
          const response = await client.search({ query: `loopback ${timeoutMs} ${cached} ${i}` });
          const wall = performance.now() - started;
          expect(response.provider).toBe('tavily');
          expect(response.searchTimeMs).toBeLessThanOrEqual(timeoutMs);
          // A margin for a loaded machine; the chain's own timers end within the deadline.
          expect(wall).toBeLessThan(timeoutMs + 1_000);
        }
      });
    }
  }

  it('with default settings, no search waits more than 1.5 s (the first included)', async () => {
    const client = createSearchClient({ providers: [duckDuckGo(sim), tavily(sim)] });
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      const response = await client.search({ query: `default ${i}` });
      times.push(performance.now() - started);
      expect(response.provider).toBe('tavily');
    }
    // Expected about 0.9 s for the first (hedged at 0.8 s), about 0.1 s after; 1.5 s is the promise.
    expect(Math.max(...times)).toBeLessThan(1_500);
  });
});
