import { isSearchError } from '@agent-search/core';
import { searchRequest } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import {
  faultAtRate,
  type InProcessUpstream,
  inProcessUpstream,
  perSecondQuota,
} from '../src/in-process-upstream.ts';

const signal = () => new AbortController().signal;

async function outcomes(upstream: InProcessUpstream, queries: string[]): Promise<string[]> {
  for (const query of queries) {
    await upstream.provider.search(searchRequest({ query }), { signal: signal() }).catch(() => {});
  }
  return upstream.log.map((r) => r.outcome);
}

describe('the in-process upstream behind the availability matrix', () => {
  const queries = Array.from({ length: 200 }, (_, i) => `q ${i}`);

  it('meets the same fault for the same seed, provider, query and repetition: one fault stream for every contender', async () => {
    const make = (id: string, seed = 7) =>
      inProcessUpstream({ id, seed, latencyMs: [0, 1], fault: faultAtRate('unavailable', 0.2) });
    const first = await outcomes(make('primary'), queries);
    expect(await outcomes(make('primary'), queries)).toEqual(first);
    // Another provider or seed draws independently, and the rate holds roughly.
    expect(await outcomes(make('secondary'), queries)).not.toEqual(first);
    expect(await outcomes(make('primary', 8), queries)).not.toEqual(first);
    const failed = first.filter((o) => o === 'unavailable').length;
    expect(failed).toBeGreaterThan(20);
    expect(failed).toBeLessThan(60);
    // Asking again for the same query is a new request with its own draw.
    const again = make('primary');
    const twice = await outcomes(again, [...queries, ...queries]);
    expect(twice.slice(0, 200)).toEqual(first);
    expect(twice.slice(200)).not.toEqual(first);
  });

  it('throws what our HTTP providers throw: 503 unavailable, 429 without Retry-After, malformed provider_error', async () => {
    for (const [fault, code, status] of [
      ['unavailable', 'unavailable', 503],
      ['rate_limited', 'rate_limited', 429],
      ['provider_error', 'provider_error', 200],
    ] as const) {
      const upstream = inProcessUpstream({
        id: 'primary',
        seed: 1,
        latencyMs: [0, 1],
        fault: faultAtRate(fault, 1),
      });
      const error = await upstream.provider
        .search(searchRequest(), { signal: signal() })
        .catch((e: unknown) => e);
      expect(isSearchError(error) && error.code).toBe(code);
      expect(isSearchError(error) && error.status).toBe(status);
      expect(isSearchError(error) && error.retryAfterMs).toBeUndefined();
      expect(isSearchError(error) && error.provider).toBe('primary');
    }
  });

  it('hangs until the caller aborts', async () => {
    const upstream = inProcessUpstream({
      id: 'primary',
      seed: 1,
      latencyMs: [0, 1],
      fault: faultAtRate('hang', 1),
    });
    const controller = new AbortController();
    const pending = upstream.provider.search(searchRequest(), { signal: controller.signal });
    setTimeout(() => controller.abort(new DOMException('gave up', 'TimeoutError')), 30);
    await expect(pending).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(upstream.log.map((r) => r.outcome)).toEqual(['hang']);
  });

  it('counts a per-second quota itself, and starts afresh each second', () => {
    const quota = perSecondQuota(3);
    const at = [0, 10, 20, 30, 40, 999, 1_000, 1_001, 1_002, 1_003, 2_500];
    expect(at.map((t) => quota(0.5, t) ?? 'answered')).toEqual([
      'answered',
      'answered',
      'answered',
      'rate_limited',
      'rate_limited',
      'rate_limited',
      'answered',
      'answered',
      'answered',
      'rate_limited',
      'answered',
    ]);
  });
});
