import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSearchClient } from '../client.ts';
import { fakeProvider } from './__fixtures__/fake-provider.ts';

// The bench's tail workload on the fake clock (no machine load in it): a primary with a heavy latency tail
// (lognormal, median 100 ms, sigma 1.2: p90 ≈ 470 ms, p99 ≈ 1.6 s) and a steady secondary (100 ± 15 ms).
// 3000 searches a setting: with fewer, the unhedged p99 alone wanders by a third from one draw to the next.
const SEARCHES = 3_000;
const CONCURRENCY = 24;

/** mulberry32: seeded, so each run is one fixed draw of latencies. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function p99(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.99 * sorted.length) - 1]!;
}

/**
 * `SEARCHES` searches, `CONCURRENCY` at a time, on the fake clock: each one's time and the calls made. Each
 * provider draws from its own stream, so a hedged and an unhedged run with one seed see the same primary
 * times (as the bench's simulator gives them): the ratio measures the hedging, not the luck of two draws.
 */
async function tailRun(seed: number, hedge: boolean) {
  const primaryRandom = seeded(seed);
  const secondaryRandom = seeded(seed + 7_919);
  const primary = fakeProvider('primary', { kind: 'answer', ms: 100 });
  primary.behave(() => ({ kind: 'answer', ms: Math.round(100 * Math.exp(1.2 * normal(primaryRandom))) }));
  const secondary = fakeProvider('secondary', { kind: 'answer', ms: 100 });
  secondary.behave(() => ({
    kind: 'answer',
    ms: Math.max(1, Math.round(100 + 15 * normal(secondaryRandom))),
  }));
  const client = createSearchClient({
    providers: [primary, secondary],
    ...(hedge ? {} : { hedge: false as const }),
  });
  const times: number[] = [];
  let next = 0;
  let running = 0;
  const startOne = () => {
    const i = next++;
    const started = Date.now();
    running++;
    void client.search({ query: `q ${i}` }).then(
      () => {
        times.push(Date.now() - started);
        running--;
      },
      () => {
        times.push(Number.POSITIVE_INFINITY);
        running--;
      },
    );
  };
  while (times.length < SEARCHES) {
    while (running < CONCURRENCY && next < SEARCHES) startOne();
    await vi.advanceTimersByTimeAsync(1);
  }
  return { p99: p99(times), calls: primary.calls + secondary.calls };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('default hedging against a heavy-tailed primary', () => {
  it('halves the p99 in every run, with at most 10% extra calls', async () => {
    const runs = [];
    for (const seed of [1, 2, 3]) {
      const off = await tailRun(seed, false);
      const on = await tailRun(seed, true);
      runs.push({
        seed,
        p99: `${on.p99} vs ${off.p99} ms`,
        ratio: on.p99 / off.p99,
        extra: (on.calls - off.calls) / SEARCHES,
      });
    }
    for (const run of runs) {
      expect(run.ratio, `seed ${run.seed}: p99 ${run.p99}`).toBeLessThanOrEqual(0.5);
      expect(run.extra, `seed ${run.seed}: extra calls`).toBeLessThanOrEqual(0.1);
    }
  });
});
