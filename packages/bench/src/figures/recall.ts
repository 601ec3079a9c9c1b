import { createSearchClient } from '@agent-search/core';
import {
  createSearchMemory,
  type FindingInput,
  RedisFindingStore,
  type SearchMemory,
} from '@agent-search/memory';
import type { ProviderSimulator } from '@agent-search/testing/simulator';
import { type Check, type Figure, fmt } from '../figure.ts';
import { findRedis } from '../redis.ts';
import { median, percentile, timed } from '../stats.ts';
import { duckDuckGo, query } from '../upstreams.ts';

const STORED = 10_000;
const PLACES = [
  'Kazakhstan',
  'Portugal',
  'Kenya',
  'Chile',
  'Vietnam',
  'Norway',
  'Peru',
  'Ghana',
  'Laos',
  'Oman',
];
const ASPECTS = ['capital', 'population', 'currency', 'language', 'flag', 'anthem', 'climate', 'cuisine'];

/** Finding `i`: a question about one place and aspect, told apart by a number. */
function finding(i: number): FindingInput {
  const place = PLACES[i % PLACES.length]!;
  const aspect = ASPECTS[Math.floor(i / PLACES.length) % ASPECTS.length]!;
  const topic = `${aspect} of ${place} ${i}`;
  return {
    query: topic,
    results: [1, 2, 3].map((n) => ({
      title: `${topic}: source ${n}`,
      url: `https://site${n}.example/${i}`,
      snippet: `What is known about the ${aspect} of ${place}, item ${i}, according to source ${n}.`,
    })),
    provider: 'duckduckgo',
    userId: `user-${i % 97}`,
  };
}

async function fill(memory: SearchMemory): Promise<void> {
  for (let i = 0; i < STORED; i++) await memory.remember(finding(i));
}

async function recallTimes(memory: SearchMemory, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const n = (i * 7_919) % STORED;
    const place = PLACES[n % PLACES.length]!;
    const aspect = ASPECTS[Math.floor(n / PLACES.length) % ASPECTS.length]!;
    const { ms, value } = await timed(() => memory.recall(`what is the ${aspect} of ${place} ${n}?`));
    if (value[0]?.query !== `${aspect} of ${place} ${n}`) {
      throw new Error(`recall ${i} did not find finding ${n} first (got ${value[0]?.query ?? 'nothing'})`);
    }
    times.push(ms);
  }
  return times;
}

/**
 * Recall at 10,000 stored findings, in-process and through Redis (a second bot with its own connection
 * reading what the first stored), against the cheapest search there is: a loopback DuckDuckGo miss on
 * the simulator with no added latency. Every recall must find the finding it asks about first.
 */
export async function recallFigure(sim: ProviderSimulator, count: number): Promise<Figure> {
  sim.reset();
  const client = createSearchClient({ providers: [duckDuckGo(sim)] });
  const searches: number[] = [];
  for (let i = 0; i < count; i++)
    searches.push((await timed(() => client.search({ query: query(i, 'recall baseline') }))).ms);
  const search = median(searches);

  const local = createSearchMemory({ botId: 'elena', retention: { maxFindings: STORED } });
  await fill(local);
  const memoryTimes = await recallTimes(local, count);
  const memoryRatio = median(memoryTimes) / search;
  const checks: Check[] = [
    {
      name: 'Recall at 10,000 findings (memory) / loopback search (medians)',
      value: `${fmt.ratio(memoryRatio)} (${fmt.ms(median(memoryTimes))} vs ${fmt.ms(search)})`,
      target: '≤ 0.5×',
      met: memoryRatio <= 0.5,
      ...(memoryRatio > 0.5
        ? { why: 'ranking 10,000 findings took longer than half a loopback search' }
        : {}),
    },
  ];
  const details: [string, string][] = [
    ['loopback search: median / p99', `${fmt.ms(search)} / ${fmt.ms(percentile(searches, 99))}`],
    [
      'memory recall: median / p99',
      `${fmt.ms(median(memoryTimes))} / ${fmt.ms(percentile(memoryTimes, 99))}`,
    ],
  ];
  const bars = [
    { label: 'loopback search', value: search, ours: false },
    { label: 'recall (memory)', value: median(memoryTimes), ours: true },
  ];

  const redis = await findRedis();
  if ('skipped' in redis) {
    checks.push({
      name: 'Recall at 10,000 findings (Redis) / loopback search',
      value: redis.skipped,
      target: '≤ 0.5×',
      met: null,
    });
  } else {
    const keyPrefix = `agent-search-bench:memory:${process.pid}:`;
    const retention = { maxFindings: STORED };
    const writer = createSearchMemory({
      botId: 'elena',
      scope: 'shared',
      retention,
      store: new RedisFindingStore({ url: redis.url, keyPrefix, timeoutMs: 10_000 }),
    });
    const reader = createSearchMemory({
      botId: 'dotty',
      scope: 'shared',
      retention,
      store: new RedisFindingStore({ url: redis.url, keyPrefix, timeoutMs: 10_000 }),
    });
    try {
      const filling = await timed(() => fill(writer));
      const firstSync = await timed(() => reader.recall('warm up'));
      const steady = await recallTimes(reader, count);
      // After another bot learns something, the next recall reads the id lists again and the new finding.
      const afterWrite: number[] = [];
      for (let i = 0; i < Math.min(count, 50); i++) {
        await writer.remember(finding(STORED + i));
        afterWrite.push((await timed(() => reader.recall(`capital of Kazakhstan ${i}`))).ms);
      }
      const ratio = median(steady) / search;
      checks.push({
        name: 'Recall at 10,000 findings (Redis, second bot) / loopback search (medians)',
        value: `${fmt.ratio(ratio)} (${fmt.ms(median(steady))} vs ${fmt.ms(search)})`,
        target: '≤ 0.5×',
        met: ratio <= 0.5,
        ...(ratio > 0.5
          ? { why: 'a Redis version check plus ranking took longer than half a loopback search' }
          : {}),
      });
      details.push(
        [
          'Redis recall, nothing new: median / p99',
          `${fmt.ms(median(steady))} / ${fmt.ms(percentile(steady, 99))} (${redis.origin})`,
        ],
        [
          'Redis recall right after another bot learned one finding: median / p99',
          `${fmt.ms(median(afterWrite))} / ${fmt.ms(percentile(afterWrite, 99))}`,
        ],
        ["second bot's first recall (loads all 10,000)", fmt.ms(firstSync.ms)],
        ['storing 10,000 findings in Redis, one by one', fmt.ms(filling.ms)],
      );
      bars.push(
        { label: 'recall (Redis)', value: median(steady), ours: true },
        { label: 'recall (Redis, after a write)', value: median(afterWrite), ours: true },
      );
    } finally {
      const store = new RedisFindingStore({ url: redis.url, keyPrefix });
      const keys = await store.client.keys(`${keyPrefix}*`);
      for (let i = 0; i < keys.length; i += 1_000) await store.client.del(...keys.slice(i, i + 1_000));
      await store.close();
      await writer.close();
      await reader.close();
      await redis.stop();
    }
  }
  return {
    id: 'recall',
    title: 'Search memory: recall at 10,000 findings',
    method: `${STORED} findings (3 sources each) stored, then ${count} recalls of reworded questions, each of which must rank its finding first. Memory: one in-process memory. Redis: one bot stores, a second bot with its own connection recalls. Baseline: ${count} loopback DuckDuckGo searches on the simulator with no added latency, in the same run.`,
    checks,
    charts: [{ unit: 'ms (median)', bars }],
    details,
  };
}
