import { describe, expect, it } from 'vitest';
import { SearchError } from '../errors.ts';
import { ProviderBreaker } from './breaker.ts';
import { anyOf, ConsecutiveFailures, FailureRate, type TripRule } from './trip-rule.ts';

describe('ConsecutiveFailures', () => {
  it('trips at its threshold of failures in a row; an answer starts over, a miss does not count', () => {
    const rule = new ConsecutiveFailures(3);
    rule.failure();
    rule.failure();
    rule.miss();
    expect(rule.tripped()).toBe(false);
    rule.success();
    rule.failure();
    rule.failure();
    expect(rule.tripped()).toBe(false);
    rule.failure();
    expect(rule.tripped()).toBe(true);
    rule.reset();
    expect(rule.tripped()).toBe(false);
  });
});

describe('FailureRate', () => {
  const options = { rate: 0.5, minimumCalls: 4, windowMs: 1_000 };

  it('trips at its rate, only over its minimum of calls, and counts misses as failures', () => {
    const rule = new FailureRate(options);
    rule.failure(0);
    rule.failure(1);
    rule.miss(2);
    expect(rule.tripped(3)).toBe(false); // 3 calls: under the minimum
    rule.success(3);
    expect(rule.tripped(4)).toBe(true); // 3 of 4
    const healthy = new FailureRate(options);
    for (let i = 0; i < 10; i++) i % 3 === 0 ? healthy.failure(i) : healthy.success(i);
    expect(healthy.tripped(10)).toBe(false); // 4 of 10
  });

  it('forgets outcomes older than its window, and everything on reset', () => {
    const rule = new FailureRate(options);
    for (let i = 0; i < 4; i++) rule.failure(i);
    expect(rule.tripped(1_000)).toBe(true);
    expect(rule.tripped(1_004)).toBe(false);
    rule.reset();
    rule.failure(1_010);
    expect(rule.tripped(1_010)).toBe(false);
  });

  it('keeps a bounded ring: thousands of calls cost no more memory, and the latest decide', () => {
    const rule = new FailureRate({ rate: 0.5, minimumCalls: 10, windowMs: 1e9 });
    for (let i = 0; i < 10_000; i++) rule.failure(i);
    for (let i = 0; i < 64; i++) rule.success(10_000 + i);
    expect(rule.tripped(20_000)).toBe(false);
  });
});

describe('anyOf', () => {
  it('trips when any rule does, and tells each of them every outcome', () => {
    const rule = anyOf(
      new ConsecutiveFailures(2),
      new FailureRate({ rate: 0.5, minimumCalls: 4, windowMs: 1e6 }),
    );
    rule.failure(0);
    rule.success(1);
    rule.failure(2);
    expect(rule.tripped(3)).toBe(false);
    rule.failure(3);
    expect(rule.tripped(4)).toBe(true); // two in a row, and 3 of 4
    rule.reset();
    expect(rule.tripped(4)).toBe(false);
  });
});

describe('a breaker with another trip rule', () => {
  const fail = () => new SearchError('unavailable', 'down', { provider: 'p' });

  it('opens when its rule says so, and only then', () => {
    const never: TripRule = {
      success() {},
      failure() {},
      miss() {},
      tripped: () => false,
      reset() {},
    };
    const patient = new ProviderBreaker('p', {}, { trip: never });
    for (let i = 0; i < 100; i++) patient.failed(i, fail(), false);
    expect(patient.state(100)).toBe('closed');
    expect(patient.toJSON(100).failures).toBe(100);

    const eager = new ProviderBreaker('p', { openMs: 500 }, { trip: new ConsecutiveFailures(1) });
    expect(eager.failed(0, fail(), false)).toEqual({ openedMs: 500 });
    expect(eager.state(1)).toBe('open');
  });
});
