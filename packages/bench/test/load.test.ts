import { type ProviderSimulator, startProviderSimulator } from '@agent-search/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOAD, type LoadReport, runLoad } from '../src/load.ts';
import { routeNeedleTo } from '../src/upstreams.ts';

let sim: ProviderSimulator;
let report: LoadReport;
beforeAll(async () => {
  sim = await startProviderSimulator({ seed: 11 });
  routeNeedleTo(sim);
  report = await runLoad(sim);
}, 300_000);
afterAll(() => sim.close());

describe('10,000 searches at concurrency 200 through the chain and cache, with faults mixed in', () => {
  it('answers every search or fails it with a known code, leaving no rejection unhandled', () => {
    expect(report.searches).toBe(10_000);
    expect(report.unexplained).toEqual([]);
    expect(report.unhandledRejections).toBe(0);
    const failed = Object.values(report.failed).reduce((sum, n) => sum + (n ?? 0), 0);
    expect(report.answered + report.refused + failed).toBe(report.searches);
    // Faults were really met, searches were answered, and every search that failed had met a provider
    // cooling down or already probed (the chain sends at most one request to a recovering provider, so
    // under this fault mix it fails fast rather than hammer it) or ran out of time: none failed while a
    // provider it could have asked was healthy and idle.
    expect(failed).toBeGreaterThan(0);
    expect(report.answered).toBeGreaterThan(0);
    expect(report.failedWhileCooling + (report.failed.timeout ?? 0)).toBeGreaterThanOrEqual(failed);
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
