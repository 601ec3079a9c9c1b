import { MemoryStore, RedisStore, withCache } from '@agent-search/cache';
import { createSearchClient, type SearchClient } from '@agent-search/core';
import type { ProviderSimulator } from '@agent-search/testing/simulator';
import { type Check, type Figure, fmt } from '../figure.ts';
import { findRedis } from '../redis.ts';
import { median, percentile, timed } from '../stats.ts';
import { duckDuckGo, query } from '../upstreams.ts';

async function hitTimes(client: SearchClient, q: string, count: number): Promise<number[]> {
  const first = await client.search({ query: q });
  if (first.cached) throw new Error('the priming search was already cached');
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const { ms, value } = await timed(() => client.search({ query: q }));
    if (!value.cached) throw new Error('expected a cache hit');
    times.push(ms);
  }
  return times;
}

async function missTimes(client: SearchClient, prefix: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const { ms, value } = await timed(() => client.search({ query: query(i, prefix) }));
    if (value.cached) throw new Error('expected a cache miss');
    times.push(ms);
  }
  return times;
}

/**
 * Figure 2: a cached answer against a miss. Misses go to DuckDuckGo's HTML endpoint on the simulator
 * with no added latency (a loopback miss: the cheapest a miss can ever be).
 */
export async function cacheFigure(
  sim: ProviderSimulator,
  counts: { hits: number; misses: number },
): Promise<Figure> {
  sim.reset();
  const client = createSearchClient({ providers: [duckDuckGo(sim)] });
  const memory = withCache(client, { store: new MemoryStore(), rateLimits: false });
  const memoryMiss = await missTimes(memory, 'cache miss memory', counts.misses);
  const memoryHit = await hitTimes(memory, 'cache hit memory', counts.hits);
  const ratio = median(memoryMiss) / median(memoryHit);
  const checks: Check[] = [
    {
      name: 'Cache: loopback miss / memory hit (medians)',
      value: `${Math.round(ratio)}× (${fmt.ms(median(memoryMiss))} vs ${fmt.ms(median(memoryHit))})`,
      target: '≥ 100×',
      met: ratio >= 100,
      ...(ratio < 100 ? { why: 'a memory hit still parses the stored JSON and rebuilds the response' } : {}),
    },
  ];
  const details: [string, string][] = [
    ['memory hit: median / p99', `${fmt.ms(median(memoryHit))} / ${fmt.ms(percentile(memoryHit, 99))}`],
    [
      'loopback miss (memory store): median / p99',
      `${fmt.ms(median(memoryMiss))} / ${fmt.ms(percentile(memoryMiss, 99))}`,
    ],
  ];
  const bars = [
    { label: 'miss (loopback DuckDuckGo)', value: median(memoryMiss), ours: true },
    { label: 'memory hit', value: median(memoryHit), ours: true },
  ];
  const redis = await findRedis();
  if ('skipped' in redis) {
    checks.push({ name: 'Cache: Redis hit median', value: redis.skipped, target: '< 1 ms', met: null });
  } else {
    const store = new RedisStore({ url: redis.url, keyPrefix: `agent-search-bench:${process.pid}:` });
    try {
      const cached = withCache(client, { store, rateLimits: false });
      const redisMiss = await missTimes(cached, 'cache miss redis', counts.misses);
      const redisHit = await hitTimes(cached, 'cache hit redis', counts.hits);
      const m = median(redisHit);
      checks.push({
        name: 'Cache: Redis hit median',
        value: fmt.ms(m),
        target: '< 1 ms',
        met: m < 1,
        ...(m >= 1
          ? { why: 'a Redis round trip plus JSON parsing took longer than 1 ms on this machine' }
          : {}),
      });
      details.push(
        ['Redis hit: median / p99', `${fmt.ms(m)} / ${fmt.ms(percentile(redisHit, 99))} (${redis.origin})`],
        ['loopback miss (Redis store): median', fmt.ms(median(redisMiss))],
      );
      bars.splice(1, 0, { label: 'Redis hit', value: m, ours: true });
    } finally {
      await store.close();
      await redis.stop();
    }
  }
  return {
    id: 'cache',
    title: '2. Cache hits against a miss',
    method: `${counts.misses} misses (new queries) and ${counts.hits} hits (one primed query) per store, in sequence. Misses are answered by the simulator's DuckDuckGo HTML endpoint with no added latency.`,
    checks,
    charts: [{ unit: 'ms (median)', bars }],
    details,
  };
}
