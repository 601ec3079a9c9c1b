import { describe, expect, it } from 'vitest';
import { attemptLimit, type ChainTimes } from './chain-times.ts';

const times: ChainTimes = { timeoutMs: 8_000, attemptTimeoutMs: 5_000, reserveMs: 1_500, hedge: undefined };

describe('attemptLimit', () => {
  it('is the attempt timeout while the deadline is far and no provider is left', () => {
    expect(attemptLimit(times, { now: 0, deadlineAt: 8_000 }, undefined)).toEqual({
      limitMs: 5_000,
      byDeadline: false,
      graceUntil: 8_000,
    });
  });

  it('is what is left of the deadline once that is shorter: the deadline ends it', () => {
    expect(attemptLimit(times, { now: 5_000, deadlineAt: 8_000 }, undefined)).toEqual({
      limitMs: 3_000,
      byDeadline: true,
      graceUntil: 8_000,
    });
  });

  it("keeps the next provider's room: its tail and a quarter, at least reserveMs, at most half", () => {
    const clock = { now: 0, deadlineAt: 8_000 };
    // Unknown tail: reserveMs.
    expect(attemptLimit(times, clock, { tailMs: undefined })).toMatchObject({
      limitMs: 5_000,
      graceUntil: 6_500,
    });
    // A 4 s tail asks for 5 s of the 8 s left: held to half.
    expect(attemptLimit(times, clock, { tailMs: 4_000 })).toEqual({
      limitMs: 4_000,
      byDeadline: false,
      graceUntil: 4_000,
    });
    expect(attemptLimit(times, { now: 6_000, deadlineAt: 8_000 }, { tailMs: 2_000 })).toMatchObject({
      limitMs: 1_000,
      byDeadline: false,
    });
  });

  it('never gives an attempt less than 1 ms', () => {
    expect(attemptLimit(times, { now: 8_000, deadlineAt: 8_000 }, undefined).limitMs).toBe(1);
  });
});
