import { SpendBudget } from '@agent-search/core';
import { Redis } from 'ioredis';
import { describe, expect, inject, it } from 'vitest';
import { createRedisClient, createRedisSpendStore } from '../src/index.ts';

const redisUrl = inject('redisUrl');

// A worker starts and searches at once: its client (no offline queue, as createRedisClient makes it) is still
// connecting when the first paid requests reserve their price. They wait for the connection, not be refused
// as if Redis were down (which made a freshly started fleet refuse its first searches with budget_exhausted).
describe.skipIf(!redisUrl)('a Redis spend store whose client is still connecting', () => {
  it('reserves the first requests once connected, all of them, and counts each once', async () => {
    const prefix = `test:connecting:${Math.random()}:`;
    const client = createRedisClient(redisUrl!);
    try {
      expect(client.status).not.toBe('ready');
      const budget = new SpendBudget({
        dailyUsd: 0.1,
        store: createRedisSpendStore(client),
        keyPrefix: prefix,
      });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 25 }, () => budget.reserve(0.008, false)),
      );
      // $0.10 / $0.008: twelve fit; the others are refused by the budget, none by an unready connection.
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(12);
      for (const o of outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')) {
        expect(o.reason.message).toMatch(
          /^The search spend budget of \$0\.10 a day is spent \(\$0\.096 used\)/,
        );
      }
    } finally {
      client.disconnect();
    }
    const raw = new Redis(redisUrl!);
    const keys = await raw.keys(`${prefix}*`);
    expect(keys).toHaveLength(1);
    expect(await raw.get(keys[0]!)).toBe('96000');
    await raw.del(...keys);
    raw.disconnect();
  });
});
