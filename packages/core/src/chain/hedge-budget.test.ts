import { describe, expect, it } from 'vitest';
import { HedgeBudget } from './hedge-budget.ts';
import { LatencyTracker } from './latency.ts';

describe('HedgeBudget', () => {
  it('allows its share of searches plus one, and takes back a hedge that turned out a failover', () => {
    const budget = new HedgeBudget(0.1);
    for (let i = 0; i < 20; i++) budget.countSearch();
    const granted = Array.from({ length: 5 }, () => budget.tryHedge()).filter(Boolean).length;
    expect(granted).toBe(3); // 10% of 20, plus one
    budget.refund();
    expect(budget.tryHedge()).toBe(true);
    expect(budget.tryHedge()).toBe(false);
  });

  it("takes over another process's usage, ignoring malformed counts", () => {
    const first = new HedgeBudget(0);
    first.countSearch();
    expect(first.tryHedge()).toBe(true);
    const second = new HedgeBudget(0);
    second.restore(first.usage());
    second.countSearch();
    expect(second.tryHedge()).toBe(false); // the "plus one" was spent by the first
    for (const bad of [
      null,
      'x',
      { searches: -1, hedges: 0 },
      { searches: 1.5, hedges: 0 },
      { searches: 2 },
    ]) {
      const fresh = new HedgeBudget(0.1);
      fresh.restore(bad);
      expect(fresh.usage()).toEqual({ searches: 0, hedges: 0 });
    }
  });
});

describe('LatencyTracker', () => {
  it('knows no tail before 8 answers, then the 90th percentile of the recent ones', () => {
    const latency = new LatencyTracker();
    for (let i = 1; i <= 7; i++) latency.record('a', i * 10);
    expect(latency.tailMs('a')).toBeUndefined();
    for (let i = 8; i <= 20; i++) latency.record('a', i * 10);
    // 20 samples 10..200 ms: the 90th percentile is 190 ms.
    expect(latency.tailMs('a')).toBe(190);
    expect(latency.averageMs('a')).toBeGreaterThan(100);
  });

  it('forgets answers older than its window', () => {
    const latency = new LatencyTracker();
    for (let i = 0; i < 512; i++) latency.record('a', 5_000);
    for (let i = 0; i < 400; i++) latency.record('a', 100);
    expect(latency.tailMs('a')).toBe(5_000); // 112 of the 512 are still slow
    for (let i = 0; i < 112; i++) latency.record('a', 100);
    expect(latency.tailMs('a')).toBeLessThan(1_000);
  });

  it('gives any percentile of the same window', () => {
    const latency = new LatencyTracker();
    for (let i = 100; i >= 1; i--) latency.record('a', i);
    expect(latency.percentileMs('a', 0.95)).toBe(96);
    expect(latency.percentileMs('a', 0.1)).toBe(11);
    // Never below the moving average: rising times weigh the last few.
    for (let i = 1; i <= 100; i++) latency.record('b', i);
    expect(latency.percentileMs('b', 0.1)).toBeGreaterThan(90);
  });
});
