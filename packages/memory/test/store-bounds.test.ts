import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createSearchMemory, createTraceLog, RedisFindingStore, type SearchMemory } from '../src/index.ts';

// Whoever can write the Redis, or a bot writing what the others cannot read: the memory's stores keep the
// same bounds on write and on read, and never read more than those bounds.

const redisUrl = inject('redisUrl');

/** Bytes Redis has sent to all its clients so far (INFO stats). */
async function bytesSent(admin: Redis): Promise<number> {
  return Number(/total_net_output_bytes:(\d+)/.exec(await admin.info('stats'))?.[1]);
}

describe.skipIf(!redisUrl)('the memory’s stores on a real Redis: bounded on write and read', () => {
  const admin = new Redis(redisUrl);
  const stores: RedisFindingStore[] = [];
  afterAll(async () => {
    for (const store of stores) await store.close();
    await admin.quit();
  });
  const store = (keyPrefix: string) => {
    const s = new RedisFindingStore({ url: redisUrl, keyPrefix });
    stores.push(s);
    return s;
  };
  const bot = (botId: string, keyPrefix: string): SearchMemory =>
    createSearchMemory({ botId, botName: botId, scope: 'shared', store: store(keyPrefix) });

  it('a trace hash of 500,000 fields is not read whole: only the known fields, and only their sums, leave Redis', async () => {
    const keyPrefix = `bounds:${randomUUID()}:`;
    const elena = createTraceLog({ botId: 'elena', store: store(keyPrefix) });
    await elena.record('what is a heat pump', 'memory');
    await elena.record('what is a heat pump', 'memory');
    // Another "bot" whose hash someone filled with half a million fields, one of them known and huge.
    const fields: string[] = [];
    for (let i = 0; i < 500_000; i++) fields.push(`junk:${i}`, '1');
    for (let i = 0; i < fields.length; i += 100_000) {
      await admin.hset(`${keyPrefix}t:flood`, ...fields.slice(i, i + 100_000));
    }
    await admin.hset(
      `${keyPrefix}t:flood`,
      'definition:web',
      '7',
      'definition:memory',
      '9'.repeat(1_000_000),
    );
    await admin.sadd(`${keyPrefix}t:bots`, 'flood');
    const before = await bytesSent(admin);
    const all = await elena.counts({ allBots: true });
    expect((await bytesSent(admin)) - before).toBeLessThan(64 * 1024);
    expect(all.definition).toMatchObject({ memory: 2, web: 7 });
  });

  it('a finding value of 50 MB is never downloaded by a recall', async () => {
    const keyPrefix = `bounds:${randomUUID()}:`;
    const elena = bot('elena', keyPrefix);
    await elena.remember({
      query: 'what is a heat pump',
      results: [
        { title: 'Heat pump', url: 'https://en.wikipedia.org/wiki/Heat_pump', snippet: 'A heat pump…' },
      ],
      provider: 'duckduckgo',
    });
    const [id] = await admin.zrange(`${keyPrefix}ns:shared`, 0, -1);
    await admin.set(`${keyPrefix}f:${id}`, 'x'.repeat(50 * 1024 * 1024));
    const before = await bytesSent(admin);
    const dotty = bot('dotty', keyPrefix);
    expect(await dotty.recall('heat pump', { timeoutMs: 10_000 })).toEqual([]);
    expect((await bytesSent(admin)) - before).toBeLessThan(1024 * 1024);
  });

  it('a source URL over 2,048 characters once encoded is refused on write: no bot recalls it, its writer included', async () => {
    const keyPrefix = `bounds:${randomUUID()}:`;
    const elena = bot('elena', keyPrefix);
    const dotty = bot('dotty', keyPrefix);
    const long = `https://example.com/${'€'.repeat(2_000)}`;
    expect(long.length).toBeLessThan(2_048);
    // Nine of them would also have made the stored value 160 KB, which readers skip unread.
    const kept = await elena.rememberFacts(['The heat pump moves heat rather than making it.'], {
      sources: [
        ...Array.from({ length: 9 }, (_, i) => ({ url: `${long}${i}`, title: 'Long' })),
        { url: 'https://en.wikipedia.org/wiki/Heat_pump', title: 'Heat pump' },
      ],
      query: 'how does a heat pump work',
      confidence: 0.9,
    });
    expect(kept?.sources.map((s) => s.url)).toEqual(['https://en.wikipedia.org/wiki/Heat_pump']);
    const mine = await elena.recallFacts('how does a heat pump work', { timeoutMs: 10_000 });
    const theirs = await dotty.recallFacts('how does a heat pump work', { timeoutMs: 10_000 });
    expect(mine.map((f) => f.sources)).toEqual(theirs.map((f) => f.sources));
    expect(theirs).toHaveLength(1);
  });

  it('facts at every field limit, quotes doubling in JSON: stored within 64 KB, and every bot recalls them all', async () => {
    const keyPrefix = `bounds:${randomUUID()}:`;
    const elena = bot('elena', keyPrefix);
    const dotty = bot('dotty', keyPrefix);
    // The most rememberFacts takes: 20 facts of 500 characters, 10 sources of 2,048-character URLs and
    // 300-character titles, a 512-character question; quotes and backslashes double once in JSON.
    const facts = Array.from({ length: 20 }, (_, i) => `${i} ${'"\\'.repeat(300)}`);
    const sources = Array.from({ length: 10 }, (_, i) => ({
      url: `https://example.com/${i}/${'a'.repeat(2_020)}`,
      title: `${i} ${'"'.repeat(400)}`,
    }));
    const query = `heat pump ${'"'.repeat(600)}`;
    const kept = await elena.rememberFacts(facts, { sources, query, confidence: 0.9 });
    expect(kept?.facts).toHaveLength(20);
    expect(kept?.sources).toHaveLength(10);
    const [id] = await admin.zrange(`${keyPrefix}ns:shared`, 0, -1);
    const stored = (await admin.get(`${keyPrefix}f:${id}`)) ?? '';
    // Near the limit, never past it: what one bot writes, every reader takes.
    expect(stored.length).toBeGreaterThan(40 * 1024);
    expect(stored.length).toBeLessThanOrEqual(64 * 1024);
    const mine = await elena.recallFacts(kept!.query, { timeoutMs: 10_000 });
    const theirs = await dotty.recallFacts(kept!.query, { timeoutMs: 10_000 });
    expect(theirs).toEqual(mine);
    expect(new Set(theirs.map((f) => f.text))).toEqual(new Set(kept!.facts!.map((f) => f.text)));
  });
});
