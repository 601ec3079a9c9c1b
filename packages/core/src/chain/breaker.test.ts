import { describe, expect, it } from 'vitest';
import { SearchError } from '../errors.ts';
import { ProviderBreaker } from './breaker.ts';

const fail = (code: SearchError['code'], retryAfterMs?: number) =>
  new SearchError(code, `${code}`, { provider: 'p', ...(retryAfterMs ? { retryAfterMs } : {}) });

/** Runs `n` calls at `every` ms apart from `start`, failing those `failing(i)` says; returns the clock. */
function drive(breaker: ProviderBreaker, n: number, failing: (i: number) => boolean, start = 0, every = 10) {
  let now = start;
  for (let i = 0; i < n; i++, now += every) {
    const admission = breaker.admit(now);
    if (admission.kind === 'refused') continue;
    if (failing(i)) breaker.failed(now, fail('unavailable'), admission.kind === 'trial');
    else breaker.succeeded(now, now);
    if (admission.kind === 'trial') breaker.trialEnded();
  }
  return now;
}

describe('ProviderBreaker', () => {
  it('stays closed through isolated failures: one in five never opens it', () => {
    const breaker = new ProviderBreaker('p');
    drive(breaker, 1_000, (i) => i % 5 === 0);
    expect(breaker.state(10_000)).toBe('closed');
  });

  it('opens after five failures in a row, then grows its open time with each failed trial', () => {
    const breaker = new ProviderBreaker('p', { openMs: 1_000 });
    for (let i = 0; i < 4; i++) breaker.failed(i, fail('provider_error'), false);
    expect(breaker.state(4)).toBe('closed');
    expect(breaker.failed(4, fail('provider_error'), false)).toEqual({ openedMs: 1_000 });
    expect(breaker.state(500)).toBe('open');
    expect(breaker.admit(500)).toMatchObject({ kind: 'refused', reason: 'open', panic: true });
    // Half-open: one trial at a time; its failure reopens for twice as long.
    expect(breaker.state(1_004)).toBe('half-open');
    expect(breaker.admit(1_004)).toEqual({ kind: 'trial' });
    expect(breaker.admit(1_005)).toMatchObject({ kind: 'refused', reason: 'trial running' });
    expect(breaker.failed(1_010, fail('unavailable'), true)).toEqual({ openedMs: 2_000 });
    breaker.trialEnded();
    expect(breaker.state(3_009)).toBe('open');
    expect(breaker.admit(3_011)).toEqual({ kind: 'trial' });
    breaker.succeeded(3_050, 3_011);
    breaker.trialEnded();
    expect(breaker.toJSON(3_050)).toMatchObject({ state: 'closed', failures: 0, closedAt: 3_050 });
  });

  it('opens on a failure rate over the window with its minimum of calls, not below it', () => {
    const breaker = new ProviderBreaker('p');
    // Alternating: never 5 in a row, but half of the calls fail.
    const end = drive(breaker, 9, (i) => i % 2 === 0);
    expect(breaker.state(end)).toBe('closed'); // 9 calls: under the minimum of 10
    drive(breaker, 2, () => true, end);
    expect(breaker.state(end + 20)).toBe('open');
  });

  it('forgets failures older than the window', () => {
    const breaker = new ProviderBreaker('p', { windowMs: 1_000 });
    const end = drive(breaker, 11, (i) => i % 2 === 0, 0, 10);
    expect(breaker.state(end)).toBe('open');
    const fresh = new ProviderBreaker('p', { windowMs: 1_000 });
    drive(fresh, 8, (i) => i % 2 === 0, 0, 10);
    // Two seconds later the old failures no longer count: two more calls (one failed) do not open it.
    drive(fresh, 2, (i) => i === 0, 2_000);
    expect(fresh.state(2_100)).toBe('closed');
  });

  it('makes a provider suspect at once after a timeout, for longer with each timeout in a row', () => {
    const breaker = new ProviderBreaker('p', { openMs: 1_000 });
    breaker.failed(0, fail('timeout'), false);
    expect(breaker.suspect(999)).toBe(true);
    expect(breaker.suspect(1_000)).toBe(false);
    breaker.failed(1_000, fail('timeout'), false);
    expect(breaker.suspect(2_999)).toBe(true);
    breaker.succeeded(3_100, 3_050);
    expect(breaker.suspect(3_100)).toBe(false);
  });

  it('keeps a Retry-After as law: refused, even in panic, until the wait ends', () => {
    const breaker = new ProviderBreaker('p');
    expect(breaker.failed(0, fail('rate_limited', 30_000), false)).toEqual({
      waitMs: 30_000,
      throttled: true,
    });
    expect(breaker.admit(29_999)).toMatchObject({ kind: 'refused', reason: 'upstream wait', panic: false });
    expect(breaker.admitInPanic(29_999)).toBe(false);
    // An answer to a request sent before the 429 does not end the wait.
    breaker.succeeded(100, 0);
    expect(breaker.available(29_999)).toBe(false);
    expect(breaker.admit(30_000).kind).toBe('closed');
  });

  it('lowers the send rate after a 429 without Retry-After, and lets it climb back on answers', () => {
    const breaker = new ProviderBreaker('p');
    // 100 requests a second for a second, then a 429.
    let now = 0;
    for (; now < 1_000; now += 10) expect(breaker.admit(now).kind).toBe('closed');
    expect(breaker.failed(now, fail('rate_limited'), false)).toEqual({ throttled: true });
    expect(breaker.state(now)).toBe('closed'); // throttling is not a fault
    const throttledRate = breaker.toJSON(now).sendRate!;
    expect(throttledRate).toBeLessThan(100);
    expect(throttledRate).toBeGreaterThan(30);
    // Over the next second at the same pace, only about the lowered rate is let through.
    let admitted = 0;
    const from = now;
    for (; now < from + 1_000; now += 10) {
      if (breaker.admit(now).kind === 'closed') {
        admitted++;
        breaker.succeeded(now, now);
      }
    }
    expect(admitted).toBeLessThan(90);
    expect(breaker.admit(now + 1).kind === 'refused' || admitted > 0).toBe(true);
    // Answers raise the rate again.
    expect(breaker.toJSON(now).sendRate!).toBeGreaterThan(throttledRate);
  });

  it('opens for long on blocks, rejected keys and spent quotas, and panic does not override them', () => {
    const blocked = new ProviderBreaker('p', { blockedMs: 300_000 });
    expect(blocked.failed(0, fail('blocked'), false)).toEqual({ openedMs: 300_000 });
    expect(blocked.admitInPanic(1_000)).toBe(false);
    const key = new ProviderBreaker('p');
    expect(key.failed(0, fail('unauthorized'), false)).toEqual({ openedMs: 3_600_000 });
    expect(key.admit(60_000)).toMatchObject({ kind: 'refused', panic: false });
  });

  it('serializes to JSON and merges back in another process, ignoring what is malformed or older', () => {
    const breaker = new ProviderBreaker('p', { consecutiveFailures: 1, openMs: 10_000 });
    breaker.failed(1_000, fail('unavailable'), false);
    breaker.failed(1_000, fail('rate_limited', 60_000), false);
    const saved = JSON.parse(JSON.stringify(breaker.toJSON(1_000)));
    expect(saved).toMatchObject({
      state: 'open',
      openedAt: 1_000,
      upstreamUntil: 61_000,
      coolingUntil: 61_000,
    });

    const other = new ProviderBreaker('p');
    other.merge(saved, 2_000);
    expect(other.state(2_000)).toBe('open');
    expect(other.admit(60_000)).toMatchObject({ reason: 'upstream wait' });
    // A closing that came later (another process's trial answered) closes it here too.
    other.merge({ provider: 'p', state: 'closed', failures: 0, closedAt: 70_000 }, 70_000);
    expect(other.state(70_000)).toBe('closed');

    const hostile = new ProviderBreaker('p');
    hostile.merge(
      {
        provider: 'p',
        state: 'open',
        failures: 1,
        openedAt: 5,
        coolingUntil: 9e15,
        upstreamUntil: 9e15,
      } as never,
      10,
    );
    expect(hostile.toJSON(10).coolingUntil).toBeLessThanOrEqual(10 + 3_600_000);
    const junk = new ProviderBreaker('p');
    junk.merge({ provider: 'p', state: 'open', openedAt: 'x', coolingUntil: null } as never, 10);
    expect(junk.state(10)).toBe('closed');
  });
});
