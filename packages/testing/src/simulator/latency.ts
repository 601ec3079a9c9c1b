/** How long an endpoint takes to answer, in milliseconds. */
export type LatencyDistribution =
  | { kind: 'fixed'; ms: number }
  /** Gaussian, clipped at 0. */
  | { kind: 'normal'; meanMs: number; sdMs: number }
  /** Heavy tail: the log of the latency is normal. `sigma` 1 puts p99 at about 10× the median. */
  | { kind: 'lognormal'; medianMs: number; sigma: number }
  /** Heavier tail: `minMs` at least, P(latency > x) = (minMs / x)^alpha. */
  | { kind: 'pareto'; minMs: number; alpha: number };

/** A source of uniform numbers in [0, 1). */
export type Random = () => number;

/** The longest latency ever sampled: a heavy tail must not outlive a benchmark. */
export const MAX_LATENCY_MS = 60_000;

/** A seeded generator (mulberry32), so a simulated run can be repeated exactly. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function standardNormal(random: Random): number {
  // Box-Muller; 1 - u keeps the logarithm's argument above 0.
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** One latency drawn from `distribution`, in whole-or-fractional ms within [0, MAX_LATENCY_MS]. */
export function sampleLatency(distribution: LatencyDistribution, random: Random): number {
  let ms: number;
  switch (distribution.kind) {
    case 'fixed':
      ms = distribution.ms;
      break;
    case 'normal':
      ms = distribution.meanMs + distribution.sdMs * standardNormal(random);
      break;
    case 'lognormal':
      ms = distribution.medianMs * Math.exp(distribution.sigma * standardNormal(random));
      break;
    case 'pareto':
      ms = distribution.minMs / (1 - random()) ** (1 / distribution.alpha);
      break;
  }
  return Number.isFinite(ms) ? Math.min(MAX_LATENCY_MS, Math.max(0, ms)) : MAX_LATENCY_MS;
}
