import { createSearchClient, type SearchClient } from '@agent-search/core';
import {
  createSearchMemory,
  type FindingInput,
  RedisFindingStore,
  type SearchMemory,
} from '@agent-search/memory';
import type { ProviderSimulator } from '@agent-search/testing/simulator';
import { type Check, type Figure, fmt, RUNS } from '../figure.ts';
import { findRedis, type RedisTarget } from '../redis.ts';
import { median, percentile, timed } from '../stats.ts';
import { duckDuckGo, query } from '../upstreams.ts';

const STORED = 10_000;
// The figure times recalls, not their deadline: a loaded machine must not turn a slow one into a failure.
const DEADLINE = { timeoutMs: 60_000 };
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

/** Recall `i` of a run: a reworded question about a stored finding, which must come first. */
async function recallOnce(memory: SearchMemory, i: number): Promise<number> {
  const n = (i * 7_919) % STORED;
  const place = PLACES[n % PLACES.length]!;
  const aspect = ASPECTS[Math.floor(n / PLACES.length) % ASPECTS.length]!;
  const { ms, value } = await timed(() => memory.recall(`what is the ${aspect} of ${place} ${n}?`, DEADLINE));
  if (value[0]?.query !== `${aspect} of ${place} ${n}`) {
    throw new Error(`recall ${i} did not find finding ${n} first (got ${value[0]?.query ?? 'nothing'})`);
  }
  return ms;
}

interface Run {
  search: number[];
  memory: number[];
  redis: number[];
}

/**
 * One run: `count` rounds, each a loopback search, an in-process recall and (with Redis) a second bot's
 * recall, in turn, so the machine's noise falls on all of them alike.
 */
async function run(
  client: SearchClient,
  local: SearchMemory,
  reader: SearchMemory | undefined,
  count: number,
  r: number,
): Promise<Run> {
  const times: Run = { search: [], memory: [], redis: [] };
  for (let i = 0; i < count; i++) {
    times.search.push((await timed(() => client.search({ query: query(i, `recall baseline ${r}`) }))).ms);
    const at = r * count + i;
    times.memory.push(await recallOnce(local, at));
    if (reader) times.redis.push(await recallOnce(reader, at));
  }
  return times;
}

/** MGET calls Redis has served (INFO commandstats), or NaN without Redis. */
async function mgetCalls(redis: RedisTarget | { skipped: string }): Promise<number> {
  if ('skipped' in redis) return Number.NaN;
  const store = new RedisFindingStore({ url: redis.url });
  try {
    const info = await store.client.info('commandstats');
    return Number(/cmdstat_mget:calls=(\d+)/.exec(info)?.[1] ?? 0);
  } finally {
    await store.close();
  }
}

const ratio = (recalls: readonly number[], run: Run) => median(recalls) / median(run.search);

/**
 * Recall at 10,000 stored findings, in-process and through Redis (a second bot with its own connection
 * reading what the first stored), against the cheapest search there is: a loopback DuckDuckGo miss on
 * the simulator with no added latency. Every recall must find the finding it asks about first.
 */
export async function recallFigure(sim: ProviderSimulator, count: number): Promise<Figure> {
  sim.reset();
  const client = createSearchClient({ providers: [duckDuckGo(sim)] });
  const local = createSearchMemory({ botId: 'elena', retention: { maxFindings: STORED } });
  const localFill = await timed(() => fill(local));

  const redis = await findRedis();
  const keyPrefix = `agent-search-bench:memory:${process.pid}:`;
  const retention = { maxFindings: STORED };
  const shared = (botId: string) =>
    'skipped' in redis
      ? undefined
      : createSearchMemory({
          botId,
          scope: 'shared',
          retention,
          store: new RedisFindingStore({ url: redis.url, keyPrefix, timeoutMs: 10_000 }),
        });
  const writer = shared('elena');
  const reader = shared('dotty');
  try {
    const filling = writer ? await timed(() => fill(writer)) : undefined;
    const firstSync = reader ? await timed(() => reader.recall('warm up', DEADLINE)) : undefined;
    // A warm-up run, not counted: the JIT and the connection settle first.
    await run(client, local, reader, Math.min(count, 20), RUNS);
    const runs: Run[] = [];
    // Version reads are MGETs (so are finding reads, none while nothing changes): count what the runs sent.
    const mgetsBefore = await mgetCalls(redis);
    for (let r = 0; r < RUNS; r++) runs.push(await run(client, local, reader, count, r));
    const mgets = (await mgetCalls(redis)) - mgetsBefore;

    const memoryRatios = runs.map((x) => ratio(x.memory, x));
    const worstMemory = runs[memoryRatios.indexOf(Math.max(...memoryRatios))]!;
    const memoryRatio = Math.max(...memoryRatios);
    const checks: Check[] = [
      {
        name: 'Recall at 10,000 findings (memory) / loopback search (medians)',
        value: `${fmt.ratios(memoryRatios)}; ${fmt.ms(median(worstMemory.memory))} vs ${fmt.ms(median(worstMemory.search))}`,
        target: '≤ 0.5× every run',
        met: memoryRatio <= 0.5,
        ...(memoryRatio > 0.5
          ? {
              why: "ranking the findings that share the question's terms took longer than half a loopback search",
            }
          : {}),
      },
    ];
    const details: [string, string][] = [
      [
        'loopback search: median / p99 (worst run)',
        `${fmt.ms(median(worstMemory.search))} / ${fmt.ms(percentile(worstMemory.search, 99))}`,
      ],
      [
        'memory recall: median / p99 (worst run)',
        `${fmt.ms(median(worstMemory.memory))} / ${fmt.ms(percentile(worstMemory.memory, 99))}`,
      ],
      ['storing 10,000 findings in process, one by one', fmt.ms(localFill.ms)],
    ];
    const bars = [
      { label: 'loopback search', value: median(worstMemory.search), ours: false },
      { label: 'recall (memory)', value: median(worstMemory.memory), ours: true },
    ];

    if (!writer || !reader || 'skipped' in redis) {
      checks.push({
        name: 'Recall at 10,000 findings (Redis) / loopback search',
        value: 'skipped' in redis ? redis.skipped : 'skipped',
        target: '≤ 0.5× every run',
        met: null,
      });
    } else {
      // After another bot learns something, the next recall reads what changed and the new finding.
      const afterWrite: number[] = [];
      for (let i = 0; i < Math.min(count, 50); i++) {
        await writer.remember(finding(STORED + i));
        afterWrite.push((await timed(() => reader.recall(`capital of Kazakhstan ${i}`, DEADLINE))).ms);
      }
      const redisRatios = runs.map((x) => ratio(x.redis, x));
      const worstRedis = runs[redisRatios.indexOf(Math.max(...redisRatios))]!;
      const redisRatio = Math.max(...redisRatios);
      checks.push({
        name: 'Recall at 10,000 findings (Redis, second bot) / loopback search (medians)',
        value: `${fmt.ratios(redisRatios)}; ${fmt.ms(median(worstRedis.redis))} vs ${fmt.ms(median(worstRedis.search))}`,
        target: '≤ 0.5× every run',
        met: redisRatio <= 0.5,
        ...(redisRatio > 0.5
          ? {
              why: 'ranking, plus a version read (one round trip) whenever a change notice came or the trusted version was over 1 s old, took longer than half a loopback search',
            }
          : {}),
      });
      details.push(
        [
          'Redis recall, nothing new: median / p99 (worst run)',
          `${fmt.ms(median(worstRedis.redis))} / ${fmt.ms(percentile(worstRedis.redis, 99))} (${redis.origin})`,
        ],
        [
          `Redis round trips in ${RUNS * count} recalls with nothing new (MGETs Redis counted)`,
          String(mgets),
        ],
        [
          'Redis recall right after another bot learned one finding: median / p99',
          `${fmt.ms(median(afterWrite))} / ${fmt.ms(percentile(afterWrite, 99))}`,
        ],
        ["second bot's first recall (loads all 10,000)", fmt.ms(firstSync!.ms)],
        ['storing 10,000 findings in Redis, one by one', fmt.ms(filling!.ms)],
      );
      bars.push(
        { label: 'recall (Redis)', value: median(worstRedis.redis), ours: true },
        { label: 'recall (Redis, after a write)', value: median(afterWrite), ours: true },
      );
    }
    return {
      id: 'recall',
      title: 'Search memory: recall at 10,000 findings',
      method: `${STORED} findings (3 sources each) stored, then ${RUNS} runs of ${count} rounds; each round runs a loopback DuckDuckGo search (the simulator, no added latency), an in-process recall and a Redis recall, in turn, each recall a reworded question that must rank its finding first. Each ratio is of the run's medians, the verdict on the worst run. Memory: one in-process memory. Redis: one bot stores, a second bot with its own connection recalls. A recall scores only the findings holding the question's rarest term (an inverted index), so its cost follows how many findings match, not how many are stored; with Redis the reader hears of writes by the scripts' pub/sub notices and trusts the versions it read until one comes (at most 1 s), so a recall with nothing new makes no round trip; after a write it reads the versions, the scope's log of changes and the new finding.`,
      checks,
      charts: [{ unit: 'ms (median)', bars }],
      details,
    };
  } finally {
    if (!('skipped' in redis)) {
      const store = new RedisFindingStore({ url: redis.url, keyPrefix });
      const keys = await store.client.keys(`${keyPrefix}*`);
      for (let i = 0; i < keys.length; i += 1_000) await store.client.del(...keys.slice(i, i + 1_000));
      await store.close();
      await writer?.close();
      await reader?.close();
      await redis.stop();
    }
  }
}
