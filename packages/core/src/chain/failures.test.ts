import { describe, expect, it } from 'vitest';
import { SEARCH_ERROR_CODES } from '../error-codes.ts';
import { SearchError } from '../errors.ts';
import { ProviderBreaker } from './breaker.ts';
import { concernsHealth, FAILURE_RULES } from './failures.ts';

const fail = (code: SearchError['code'], retryAfterMs?: number) =>
  new SearchError(code, code, { provider: 'p', ...(retryAfterMs ? { retryAfterMs } : {}) });

describe('the failure table', () => {
  it('has one rule for every error code', () => {
    expect(Object.keys(FAILURE_RULES).sort()).toEqual([...SEARCH_ERROR_CODES].sort());
  });

  it('says which codes are faults, which throttle and which say nothing about the provider', () => {
    const faults = SEARCH_ERROR_CODES.filter((c) => FAILURE_RULES[c].counts).sort();
    expect(faults).toEqual(
      [
        'blocked',
        'no_provider',
        'provider_error',
        'quota_exceeded',
        'timeout',
        'unauthorized',
        'unavailable',
      ].sort(),
    );
    expect(SEARCH_ERROR_CODES.filter((c) => FAILURE_RULES[c].throttles)).toEqual(['rate_limited']);
    expect(SEARCH_ERROR_CODES.filter((c) => !concernsHealth(FAILURE_RULES[c])).sort()).toEqual([
      'budget_exhausted',
      'invalid_request',
    ]);
  });

  it('drives the breaker: a code the table ignores changes nothing, however often it comes', () => {
    for (const code of ['invalid_request', 'budget_exhausted'] as const) {
      const breaker = new ProviderBreaker('p');
      for (let i = 0; i < 50; i++) expect(breaker.failed(i, fail(code), false)).toEqual({});
      expect(breaker.toJSON(50)).toEqual({ provider: 'p', state: 'closed', failures: 0 });
    }
  });

  it('drives the breaker: codes that open at once do, for their option or a longer Retry-After', () => {
    const options = { blockedMs: 5_000, quotaMs: 7_000 };
    expect(new ProviderBreaker('p', options).failed(0, fail('blocked'), false)).toEqual({ openedMs: 5_000 });
    expect(new ProviderBreaker('p', options).failed(0, fail('blocked', 9_000), false)).toEqual({
      openedMs: 9_000,
    });
    // A quota's open time is its option's, whatever Retry-After says (the wait itself still holds).
    const quota = new ProviderBreaker('p', options);
    expect(quota.failed(0, fail('quota_exceeded', 9_000), false)).toEqual({ openedMs: 7_000 });
    expect(quota.admit(8_000)).toMatchObject({ reason: 'upstream wait' });
    expect(new ProviderBreaker('p', options).failed(0, fail('unauthorized'), false)).toEqual({
      openedMs: 7_000,
    });
  });

  it('drives panic: a block may be overridden once its open time ends, a key or a quota never', () => {
    const panicWhileTrialRuns = (code: 'blocked' | 'unauthorized' | 'quota_exceeded') => {
      const breaker = new ProviderBreaker('p', { blockedMs: 1_000, quotaMs: 1_000 });
      breaker.failed(0, fail(code), false);
      expect(breaker.admit(500)).toMatchObject({ reason: 'open', panic: false });
      expect(breaker.admit(1_000)).toEqual({ kind: 'trial' });
      return breaker.admit(1_001);
    };
    expect(panicWhileTrialRuns('blocked')).toMatchObject({ reason: 'trial running', panic: true });
    expect(panicWhileTrialRuns('unauthorized')).toMatchObject({ reason: 'trial running', panic: false });
    expect(panicWhileTrialRuns('quota_exceeded')).toMatchObject({ reason: 'trial running', panic: false });
  });
});
