import type { ProviderSimulator } from '@agent-search/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOAD, type LoadReport, runLoad } from '../src/load.ts';
import { routeNeedleTo, startBenchSimulator } from '../src/upstreams.ts';

let sim: ProviderSimulator;
let report: LoadReport;
beforeAll(async () => {
  sim = await startBenchSimulator(11);
  routeNeedleTo(sim);
  report = await runLoad(sim);
  // Bounded even when every search runs to its 8 s deadline: 10,000 / 200 in flight × 8 s = 400 s, then at
  // most 2,000 / 200 × 8 s = 80 s of the plain loop (a run takes about 30 s).
}, 600_000);
afterAll(() => sim.close());

describe('10,000 searches at concurrency 200 through the chain and cache, with faults mixed in', () => {
  it('answers every search or fails it with a known code, leaving no rejection unhandled', () => {
    expect(report.searches).toBe(10_000);
    expect(report.unexplained).toEqual([]);
    expect(report.unhandledRejections).toBe(0);
    const failed = Object.values(report.failed).reduce((sum, n) => sum + (n ?? 0), 0);
    expect(report.answered + report.refused + failed).toBe(report.searches);
  });

  // How many it answers next to a plain loop is a figure of `pnpm bench` ("load"): on a busy machine that
  // share measures the machine as much as the chain.
  it('has faults in play: the plain loop over the same providers meets them', () => {
    expect(report.loop.failureShare.duckduckgo).toBeGreaterThan(0.02);
    expect(report.loop.answered).toBeGreaterThan(0);
  });

  it('lets exactly the per-user limit through for every user', () => {
    const perUser = DEFAULT_LOAD.userSearches / DEFAULT_LOAD.users;
    expect(report.inexactUsers).toEqual([]);
    expect(report.refused).toBe(DEFAULT_LOAD.users * (perUser - DEFAULT_LOAD.perUserLimit));
  });

  it('reaches every provider and keeps memory bounded', () => {
    expect(report.upstreamCalls.duckduckgo).toBeGreaterThan(0);
    expect(report.upstreamCalls.tavily).toBeGreaterThan(0);
    expect(report.upstreamCalls.exa).toBeGreaterThan(0);
    // Popular queries are served from the cache or coalesced: far fewer upstream searches than searches.
    const upstream = report.upstreamCalls.duckduckgo + report.upstreamCalls.tavily + report.upstreamCalls.exa;
    expect(upstream).toBeLessThan(report.searches * 2);
    expect(report.peakRssBytes).toBeLessThan(1.5e9);
  });
});
