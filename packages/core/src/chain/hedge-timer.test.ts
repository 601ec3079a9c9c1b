import { describe, expect, it } from 'vitest';
import { hedgeDelayMs, MIN_HEDGE_DELAY_MS } from './hedge-timer.ts';

describe('hedgeDelayMs', () => {
  const adaptive = { delayMs: undefined, initialDelayMs: 1_000, percentile: 0.9 };

  it('is the fixed delay when one is set, whatever the provider does', () => {
    expect(hedgeDelayMs({ ...adaptive, delayMs: 300 }, 5_000)).toBe(300);
  });

  it("is the provider's percentile, within noise and the first delay", () => {
    expect(hedgeDelayMs(adaptive, 420)).toBe(420);
    expect(hedgeDelayMs(adaptive, undefined)).toBe(1_000);
    expect(hedgeDelayMs(adaptive, 4_000)).toBe(1_000);
    expect(hedgeDelayMs(adaptive, 3)).toBe(MIN_HEDGE_DELAY_MS);
  });
});
