import { describe, expect, it } from 'vitest';
import { HedgeBudget } from './hedge-budget.ts';

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
