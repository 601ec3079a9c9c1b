import { describe, expect, it } from 'vitest';
import { readFleetUsage, readSharedEntry, SHARED_STATE_BOUNDS } from './shared-state-bounds.ts';

const NOW = 1_800_000_000_000;
const MAX = SHARED_STATE_BOUNDS.maxWaitMs;
const valid = {
  provider: 'p',
  state: 'open',
  failures: 5,
  openings: 2,
  openedAt: NOW - 1_000,
  coolingUntil: NOW + 30_000,
  upstreamUntil: NOW + 30_000,
  lastErrorCode: 'unavailable',
  writtenAt: NOW - 500,
};

describe('readSharedEntry: an entry another process shared, held to its bounds', () => {
  it('takes an entry a chain wrote', () => {
    expect(readSharedEntry(valid, 'p', NOW)).toEqual(valid);
    expect(readSharedEntry({ ...valid, coolingUntil: valid.writtenAt + MAX }, 'p', NOW)).toBeDefined();
  });

  it.each([
    ['another provider’s', { provider: 'q' }],
    ['an unknown state', { state: 'cooling' }],
    ['no write time', { writtenAt: undefined }],
    ['a write time in the future', { writtenAt: NOW + 10 * 60_000 }],
    ['a write time past the longest wait', { writtenAt: NOW - MAX, openedAt: NOW - MAX }],
    ['a wait past the longest one from its write', { upstreamUntil: NOW - 500 + MAX + 1 }],
    ['a ten-year open time', { coolingUntil: NOW + 10 * 365 * 86_400_000 }],
    ['1e308', { coolingUntil: 1e308 }],
    ['Infinity', { upstreamUntil: Number.POSITIVE_INFINITY }],
    ['NaN', { openedAt: Number.NaN }],
    ['an opening after its write', { openedAt: NOW }],
    ['a negative time', { closedAt: -1 }],
    ['a string time', { coolingUntil: String(NOW + 1_000) }],
    ['4e15 failures', { failures: 4e15 }],
    ['fractional openings', { openings: 1.5 }],
    ['an unknown error code', { lastErrorCode: 'pwned' }],
    ['a send rate of Infinity', { sendRate: Number.POSITIVE_INFINITY }],
  ])('ignores an entry with %s', (_, change) => {
    expect(readSharedEntry({ ...valid, ...change }, 'p', NOW)).toBeUndefined();
  });

  it('ignores what is not an object', () => {
    for (const value of [null, 'x', 1, [valid]]) expect(readSharedEntry(value, 'p', NOW)).toBeUndefined();
  });
});

describe('readFleetUsage: hedge counts within what a window can hold', () => {
  it('keeps ordinary counts', () => {
    expect(readFleetUsage({ searches: 120, hedges: 9 })).toEqual({ searches: 120, hedges: 9 });
  });

  it('cuts a forged 4e15 to the window, keeping the share', () => {
    const cap = 2 * SHARED_STATE_BOUNDS.maxBucketSearches;
    expect(readFleetUsage({ searches: 4e15, hedges: 4e14 })).toEqual({ searches: cap, hedges: cap / 10 });
    expect(readFleetUsage({ searches: 4e15, hedges: 0 })).toEqual({ searches: cap, hedges: 0 });
  });

  it('never more hedges than searches, never below zero, nothing from non-numbers', () => {
    expect(readFleetUsage({ searches: 3, hedges: 4e15 })).toEqual({ searches: 3, hedges: 3 });
    expect(readFleetUsage({ searches: -5, hedges: -2 })).toEqual({ searches: 0, hedges: 0 });
    expect(readFleetUsage({ searches: Number.NaN, hedges: 1 })).toBeUndefined();
    expect(readFleetUsage({ searches: '9', hedges: 1 })).toBeUndefined();
    expect(readFleetUsage(undefined)).toBeUndefined();
  });
});
