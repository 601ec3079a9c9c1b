/** The p-th percentile (nearest rank) of `values`; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export const median = (values: readonly number[]): number => percentile(values, 50);

/** Milliseconds `task` takes. */
export async function timed<T>(task: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await task();
  return { ms: performance.now() - started, value };
}

/** Runs `task(i)` for i in [0, count) with at most `concurrency` at once; results in index order. */
export async function runConcurrent<T>(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

export type Settled<T> =
  | { kind: 'answered'; ms: number; value: T }
  | { kind: 'failed'; ms: number; error: unknown }
  | { kind: 'no answer'; ms: number };

/**
 * Runs `task` and waits at most `capMs` for it. A task still running then counts as "no answer"; its
 * late outcome is swallowed, so a peer library that never gives up cannot stall the benchmark.
 */
export async function settleWithin<T>(task: () => Promise<T>, capMs: number): Promise<Settled<T>> {
  const started = performance.now();
  const promise = task();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<'cap'>((resolve) => {
    timer = setTimeout(() => resolve('cap'), capMs);
  });
  try {
    const outcome = await Promise.race([promise.then((value) => ({ value })), cap]);
    const ms = performance.now() - started;
    if (outcome === 'cap') {
      promise.catch(() => {});
      return { kind: 'no answer', ms };
    }
    return { kind: 'answered', ms, value: outcome.value };
  } catch (error) {
    return { kind: 'failed', ms: performance.now() - started, error };
  } finally {
    clearTimeout(timer);
  }
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
