import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AVAILABILITY,
  FAULT_KINDS,
  FAULT_RATES,
  HANGING_PRIMARY,
  IN_FLIGHT,
  QUOTA_PRIMARY,
  runAvailabilityCell,
  runHangingPrimary,
  runQuotaPrimary,
} from '../src/availability.ts';

// Issue 20's bar: within 1 point of a plain ordered loop over the same providers, in the same run.
const POINT = 0.01;
// Shares are fractions of whole searches: this only absorbs floating-point rounding.
const EPSILON = 1e-9;
const pct = (share: number) => `${(share * 100).toFixed(1)}%`;

describe('three providers failing independently: ours answers within 1 point of a plain loop on the same faults', () => {
  for (const kind of FAULT_KINDS) {
    for (const rate of FAULT_RATES) {
      for (const inFlight of IN_FLIGHT) {
        it(`${kind} at ${rate * 100}%, ${inFlight} in flight`, async () => {
          const cell = await runAvailabilityCell(kind, rate, inFlight, DEFAULT_AVAILABILITY);
          const line = `ours ${pct(cell.ours)}, withCache ${pct(cell.cached)}, plain loop ${pct(cell.loop)}, ceiling ${pct(cell.ceiling)}`;
          // The harness first: the loop meets faults at the stated rate, so its share is 1 − rate³ within
          // four standard errors (plus one search).
          const standardError = Math.sqrt((cell.ceiling * (1 - cell.ceiling)) / cell.searches);
          expect(Math.abs(cell.loop - cell.ceiling), line).toBeLessThanOrEqual(
            4 * standardError + 1 / cell.searches,
          );
          // One-sided: answering more than the loop (a retry that the fault stream happens to let through)
          // is no failure; answering less means the chain left a provider unasked that could have answered.
          expect.soft(cell.ours, line).toBeGreaterThanOrEqual(cell.loop - POINT - EPSILON);
          expect.soft(cell.cached, line).toBeGreaterThanOrEqual(cell.loop - POINT - EPSILON);
        });
      }
    }
  }
});

describe('a primary that hangs on 5% of its requests, two healthy providers behind it', () => {
  it('answers every search with p99 ≤ 1.5 s (the plain loop waits out each hang)', async () => {
    const report = await runHangingPrimary(HANGING_PRIMARY);
    const line = `answered ${report.answered} of ${report.searches}, p99 ${Math.round(report.p99Ms)} ms (plain loop ${Math.round(report.loopP99Ms)} ms), ${report.hangs} hangs`;
    // The primary did hang, and the loop, which gives it the client's default 4 s, felt it.
    expect(report.hangs, line).toBeGreaterThan(0);
    expect(report.loopP99Ms, line).toBeGreaterThanOrEqual(4_000);
    expect(report.answered, line).toBe(report.searches);
    expect(report.p99Ms, line).toBeLessThanOrEqual(1_500);
  });
});

describe('a primary with a per-second quota (429 without Retry-After past 50 requests a second)', () => {
  it('answers at least half as many searches from it as the plain loop, with at most half its over-quota requests', async () => {
    const report = await runQuotaPrimary(QUOTA_PRIMARY);
    const { ours, loop } = report;
    const line = `from the primary: ours ${ours.fromPrimary}, loop ${loop.fromPrimary}; over quota (the primary's log): ours ${ours.overQuota}, loop ${loop.overQuota}`;
    // The demand was past the quota, and every search was answered by someone.
    expect(loop.overQuota, line).toBeGreaterThan(0);
    expect(ours.answered, line).toBe(ours.searches);
    expect.soft(ours.fromPrimary, line).toBeGreaterThanOrEqual(loop.fromPrimary / 2);
    expect.soft(ours.overQuota, line).toBeLessThanOrEqual(loop.overQuota / 2);
  });
});
