import type { Redis } from 'ioredis';
import { BOT_ID } from './finding.ts';
import { QUERY_KINDS, type QueryKind } from './query-kind.ts';
import { redisWithin } from './redis-call.ts';
import { TRACE_COUNTS } from './redis-scripts.ts';
import { emptyCounts, type KindCounts, TRACE_FIELDS, type TraceField, type TraceStore } from './trace-log.ts';

/** Bots whose trace counts a store sums (SRANDMEMBER with a positive count: distinct, bounded). */
const MAX_TRACE_BOTS = 1_000;
/** Largest count a trace field may hold (a bot counting a search a millisecond for 30 years stays under). */
const MAX_TRACE_COUNT = 1e12;

/**
 * Trace counts on Redis: a hash per bot (`t:<botId>`, "<kind>:<field>" → count) and a set naming the bots
 * (`t:bots`), so every bot on the store reads everyone's counts. They are counts, not personal data: they
 * outlive retention.
 */
export class RedisTraceCounts implements TraceStore {
  readonly #client: Redis;
  readonly #prefix: string;
  readonly #timeoutMs: number;

  constructor(client: Redis, prefix: string, timeoutMs: number) {
    this.#client = client;
    this.#prefix = prefix;
    this.#timeoutMs = timeoutMs;
  }

  #traces = (botId: string) => `${this.#prefix}t:${botId}`;

  async incrementTrace(botId: string, kind: QueryKind, field: TraceField): Promise<void> {
    if (!BOT_ID.test(botId)) throw new TypeError('not a bot id');
    // Only the fields readers look up are written: a bot's hash never grows past them.
    if (!QUERY_KINDS.includes(kind) || !TRACE_FIELDS.includes(field))
      throw new TypeError('not a trace field');
    await redisWithin(
      this.#client
        .multi()
        .hincrby(this.#traces(botId), `${kind}:${field}`, 1)
        .sadd(`${this.#prefix}t:bots`, botId)
        .exec(),
      this.#timeoutMs,
      'counting a trace',
    );
  }

  async traceCounts(botId: string | undefined): Promise<KindCounts> {
    if (botId !== undefined && !BOT_ID.test(botId)) return emptyCounts();
    const fields = QUERY_KINDS.flatMap((kind) => TRACE_FIELDS.map((field) => [kind, field] as const));
    const sums = await redisWithin(
      this.#client.eval(
        TRACE_COUNTS,
        1,
        `${this.#prefix}t:bots`,
        this.#prefix,
        MAX_TRACE_COUNT,
        botId ?? '',
        MAX_TRACE_BOTS,
        JSON.stringify(fields.map(([kind, field]) => `${kind}:${field}`)),
      ),
      this.#timeoutMs,
      'a trace read',
    );
    const total = emptyCounts();
    if (!Array.isArray(sums)) return total;
    for (const [i, [kind, field]] of fields.entries()) {
      const count = Number(sums[i]);
      if (Number.isSafeInteger(count) && count > 0) total[kind][field] = count;
    }
    return total;
  }
}
