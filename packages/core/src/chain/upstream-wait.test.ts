import { describe, expect, it } from 'vitest';
import { SearchError } from '../errors.ts';
import { MAX_WAIT_MS, retryAfterOf, UpstreamWait } from './upstream-wait.ts';

describe('UpstreamWait', () => {
  it('holds until the longest wait asked ends: a shorter one later does not cut it short', () => {
    const wait = new UpstreamWait();
    expect(wait.waiting(0)).toBe(false);
    wait.extend(0, 30_000);
    wait.extend(1_000, 5_000);
    wait.extend(2_000, 0);
    expect(wait.until).toBe(30_000);
    expect(wait.waiting(29_999)).toBe(true);
    expect(wait.waiting(30_000)).toBe(false);
  });

  it("takes over another process's later wait, capped at an hour from now", () => {
    const wait = new UpstreamWait();
    wait.extend(0, 10_000);
    wait.restore(5_000, 0);
    expect(wait.until).toBe(10_000);
    wait.restore(9e15, 100);
    expect(wait.until).toBe(100 + MAX_WAIT_MS);
  });
});

describe('retryAfterOf', () => {
  const error = (retryAfterMs?: number) => new SearchError('rate_limited', 'slow down', { retryAfterMs });

  it('reads the Retry-After an error carries, none as 0, and never more than an hour or less than 0', () => {
    expect(retryAfterOf(error(30_000))).toBe(30_000);
    expect(retryAfterOf(error())).toBe(0);
    expect(retryAfterOf(error(-5))).toBe(0);
    expect(retryAfterOf(error(1e12))).toBe(MAX_WAIT_MS);
  });
});
