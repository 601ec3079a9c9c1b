import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AttemptTimer } from './attempt-timer.ts';

// The chain's clock apart from the timers: moving it without firing timers is a busy event loop.
let clock: number;
let upAt: number[];
beforeEach(() => {
  vi.useFakeTimers();
  clock = 0;
  upAt = [];
});
afterEach(() => {
  vi.useRealTimers();
});

const timer = (deadlineAt: number) =>
  new AttemptTimer(
    () => clock,
    deadlineAt,
    () => upAt.push(clock),
  );

/** Fires the timers due in `ms` of timer time, the clock reading `clockAt` when they run. */
function fire(ms: number, clockAt: number) {
  clock = clockAt;
  vi.advanceTimersByTime(ms);
}

describe('AttemptTimer', () => {
  it('on time (or within a timer’s jitter): time is up', () => {
    timer(10_000).start(0, 1_000);
    fire(1_000, 1_020);
    expect(upAt).toEqual([1_020]);
  });

  it('late: gives back the time the loop took, as many times as the loop is busy, then time is up', () => {
    timer(10_000).start(0, 1_000);
    fire(1_000, 1_500); // 500 ms late
    expect(upAt).toEqual([]);
    fire(500, 2_300); // late again: 300 more
    expect(upAt).toEqual([]);
    fire(300, 2_300);
    expect(upAt).toEqual([2_300]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never past the deadline: the grace is at most what is left of it, none when none is', () => {
    timer(1_200).start(0, 1_000);
    fire(1_000, 1_900);
    expect(upAt).toEqual([1_900]); // 700 ms past the deadline: no room
    upAt = [];
    clock = 0;
    timer(2_000).start(0, 1_000);
    fire(1_000, 1_900); // 900 late, 100 left
    fire(100, 2_000);
    expect(upAt).toEqual([2_000]);
  });

  it('stopped (the answer was handled first), it never fires, whether armed again or not', () => {
    const first = timer(10_000);
    first.start(0, 1_000);
    fire(1_000, 1_500);
    first.stop();
    fire(10_000, 11_500);
    const second = timer(10_000);
    second.start(11_500, 1_000);
    second.stop();
    fire(10_000, 21_500);
    expect(upAt).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
