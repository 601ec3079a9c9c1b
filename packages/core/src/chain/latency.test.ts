import { describe, expect, it } from 'vitest';
import { LatencyTracker, MIN_SAMPLES } from './latency.ts';

/** The same quantile computed the plain way: the last `window` values sorted, the floor(p·n)-th. */
function naiveQuantile(values: readonly number[], window: number, p: number): number {
  const recent = values.slice(-window).sort((a, b) => a - b);
  return recent[Math.min(recent.length - 1, Math.floor(p * recent.length))]!;
}

describe('LatencyTracker', () => {
  it('knows no tail before 8 answers, then the 90th percentile of the recent ones', () => {
    const latency = new LatencyTracker();
    for (let i = 1; i <= 7; i++) latency.record('a', i * 10);
    expect(latency.tailMs('a')).toBeUndefined();
    for (let i = 8; i <= 20; i++) latency.record('a', i * 10);
    // 20 samples 10..200 ms: the 90th percentile is 190 ms.
    expect(latency.tailMs('a')).toBe(190);
    expect(latency.averageMs('a')).toBeGreaterThan(100);
  });

  it('forgets answers older than its window', () => {
    const latency = new LatencyTracker();
    for (let i = 0; i < 1_024; i++) latency.record('a', 5_000);
    for (let i = 0; i < 900; i++) latency.record('a', 100);
    expect(latency.tailMs('a')).toBe(5_000); // 124 of the 1024 are still slow
    for (let i = 0; i < 124; i++) latency.record('a', 100);
    expect(latency.tailMs('a')).toBeLessThan(1_000);
  });

  it('gives any percentile of the same window', () => {
    const latency = new LatencyTracker();
    for (let i = 100; i >= 1; i--) latency.record('a', i);
    expect(latency.percentileMs('a', 0.95)).toBe(96);
    expect(latency.percentileMs('a', 0.1)).toBe(11);
    // Never below the moving average: rising times weigh the last few.
    for (let i = 1; i <= 100; i++) latency.record('b', i);
    expect(latency.percentileMs('b', 0.1)).toBeGreaterThan(90);
  });
  it('gives the percentile of the last 1024 times as they come and go', () => {
    const latency = new LatencyTracker(() => 0);
    const values: number[] = [];
    let seed = 7;
    for (let i = 0; i < 3_000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      // Heavy-tailed, with repeats, and drifting upwards so old values must leave the window.
      const ms = Math.round((seed % 1_000) * (1 + i / 1_000)) + (i % 7 === 0 ? 5_000 : 0);
      values.push(ms);
      latency.record('p', ms);
      if (i >= MIN_SAMPLES && (i % 97 === 0 || i > 2_990)) {
        for (const p of [0.5, 0.9, 0.915, 0.99]) {
          // Never below the moving average: compare where the average is lower.
          const expected = naiveQuantile(values, 1_024, p);
          const got = latency.percentileMs('p', p)!;
          expect(got).toBeGreaterThanOrEqual(expected);
          if (got !== expected) expect(got).toBe(latency.averageMs('p'));
        }
      }
    }
  });

  it('counts an attempt still running once it has run past the percentile, until it stops', () => {
    let now = 0;
    const latency = new LatencyTracker(() => now);
    // 100 answers: 1..100 ms in a shuffled order (the moving average stays low). The 90th percentile is 91 ms.
    for (let i = 0; i < 100; i++) latency.record('p', ((i * 37) % 100) + 1);
    expect(latency.percentileMs('p', 0.9)).toBe(91);
    const slow = [{}, {}, {}, {}, {}];
    for (const key of slow) latency.started('p', key, now);
    const fresh = {};
    now = 50;
    latency.started('p', fresh, now);
    // Running 50 ms: below the percentile, they say nothing yet.
    expect(latency.percentileMs('p', 0.9)).toBe(91);
    now = 500;
    // Five attempts 500 ms in and one 450 ms in, among 106 times: the 90th percentile moves up (index 95).
    expect(latency.percentileMs('p', 0.9)).toBe(96);
    for (const key of slow) latency.stopped('p', key);
    expect(latency.percentileMs('p', 0.9)).toBe(91);
    // The fresh one, now 450 ms in, counts alone.
    expect(latency.percentileMs('p', 0.9)).toBe(91);
    expect(latency.percentileMs('p', 0.99)).toBe(100);
    expect(latency.percentileMs('p', 1)).toBe(450);
  });

  it('keeps providers apart', () => {
    const latency = new LatencyTracker(() => 0);
    for (let i = 0; i < MIN_SAMPLES; i++) latency.record('fast', 10);
    for (let i = 0; i < MIN_SAMPLES; i++) latency.record('slow', 1_000);
    expect(latency.percentileMs('fast', 0.9)).toBe(10);
    expect(latency.percentileMs('slow', 0.9)).toBe(1_000);
  });
});
