import { describe, expect, it } from 'vitest';
import { checkPolicy, SAFE_DEFAULT_POLICY, TurnBudget, trustTier, trustTierPolicy } from './policy.ts';

describe('the caller policy', () => {
  it.each([
    [0, 'stranger', 3],
    [19, 'stranger', 3],
    [20, 'acquaintance', 5],
    [45, 'friend', 5],
    [65, 'close friend', 8],
    [80, 'soulmate', 10],
    [150, 'soulmate', 10],
  ])('trust %d is a %s capped at %d results', (trust, name, max) => {
    expect(trustTier(trust)?.name).toBe(name);
    expect(trustTierPolicy(trust).maxResults).toBe(max);
  });

  it('a level that is not a number is the safe default', () => {
    expect(trustTier('high')).toBeUndefined();
    expect(trustTierPolicy(undefined)).toEqual(SAFE_DEFAULT_POLICY);
  });

  it('checks an app policy field by field', () => {
    expect(checkPolicy({ maxResults: 40, persist: 'yes', followUps: -2, multiSource: true })).toEqual({
      maxResults: 10,
      persist: false,
      followUps: 0,
      multiSource: true,
    });
    expect(checkPolicy(null)).toEqual(SAFE_DEFAULT_POLICY);
    expect(checkPolicy({ maxResults: 0 }).maxResults).toBe(1);
  });

  it('a turn budget gives 1 + followUps searches per turn, each turn its own', () => {
    const budget = new TurnBudget();
    const turn = {};
    expect([budget.take(turn, 1), budget.take(turn, 1), budget.take(turn, 1)]).toEqual([true, true, false]);
    expect(budget.take({}, 0)).toBe(true);
  });
});
