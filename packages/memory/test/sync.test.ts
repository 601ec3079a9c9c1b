import { randomUUID } from 'node:crypto';
import { startTcpProxy } from '@agent-search/testing/tcp-proxy';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { changesSince } from '../src/finding-store.ts';
import {
  createSearchMemory,
  type FindingStore,
  MemoryFindingStore,
  RedisFindingStore,
  type SearchMemory,
} from '../src/index.ts';

const redisUrl = inject('redisUrl');

const finding = (query: string, userId: string) => ({
  query,
  results: [{ title: `${query} - Wikipedia`, url: 'https://en.wikipedia.org/wiki/X', snippet: query }],
  provider: 'duckduckgo',
  userId,
});

/** The store as it is, counting the full id-list reads a memory makes through it and the findings it fetches. */
function counted(store: FindingStore): FindingStore & { idReads: number; fetched: number } {
  const counting = {
    idReads: 0,
    fetched: 0,
    add: store.add.bind(store),
    versions: store.versions.bind(store),
    changes: store.changes.bind(store),
    ids: (namespace: string, limit: number) => {
      counting.idReads++;
      return store.ids(namespace, limit);
    },
    get: (ids: readonly string[]) => {
      counting.fetched += ids.length;
      return store.get(ids);
    },
    forgetUser: store.forgetUser.bind(store),
    close: store.close.bind(store),
  };
  return counting;
}

// These tests are about what a recall sees, not how fast: a deadline a loaded machine cannot miss (a load
// now yields to timers, so the default one can fire in the middle of it).
// Recall answers only the question a finding answered: what the index holds is asked one question at a time.
const queries = async (memory: SearchMemory, questions: string | readonly string[]) => {
  const found: string[] = [];
  for (const question of typeof questions === 'string' ? [questions] : questions) {
    for (const f of await memory.recall(question, { limit: 100, timeoutMs: 10_000 })) found.push(f.query);
  }
  return found.sort();
};
const topics = (last: number) => Array.from({ length: last + 1 }, (_, n) => `kazakhstan topic ${n}`);
const KAZAKHSTAN = ['capital of Kazakhstan', 'Kazakhstan flag'];

describe('changesSince', () => {
  const log = [
    { version: 3, added: true, id: 'a' },
    { version: 4, added: true, id: 'b' },
    { version: 4, added: false, id: 'a' },
    { version: 5, added: false, id: 'c' },
    { version: 6, added: true, id: 'd' },
  ];

  it('nets what changed after a version', () => {
    expect(changesSince(log, 3, 6)).toEqual({ version: '6', added: ['b', 'd'], removed: ['a', 'c'] });
    expect(changesSince(log, 5, 6)).toEqual({ version: '6', added: ['d'], removed: [] });
    expect(changesSince(log, 6, 6)).toEqual({ version: '6', added: [], removed: [] });
  });

  it('says it cannot when the log does not show every version since', () => {
    expect(changesSince(log, 2, 6)).toBeUndefined(); // the log starts after version 2
    expect(changesSince([{ version: 1, added: true, id: 'a' }], 0, 1)).toEqual({
      version: '1',
      added: ['a'],
      removed: [],
    });
    expect(changesSince(log, 3, 7)).toBeUndefined(); // version 7 logged nothing
    expect(changesSince(log.toSpliced(3, 1), 3, 6)).toBeUndefined(); // version 5 is missing
    expect(changesSince(log, 7, 6)).toBeUndefined();
    expect(changesSince(log, Number.NaN, 6)).toBeUndefined();
  });
});

const stores: [string, () => FindingStore][] = [['in process', () => new MemoryFindingStore()]];
if (redisUrl) {
  const keyPrefix = `test:${randomUUID()}:`;
  stores.push(['Redis', () => new RedisFindingStore({ url: redisUrl, keyPrefix })]);
  const admin = new Redis(redisUrl);
  afterAll(async () => {
    const keys = await admin.keys(`${keyPrefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });
}

describe.each(stores)('a second bot keeps its index in step from the change log (%s store)', (_, open) => {
  it('sees writes, retention trims and forgets without reading the id lists again', async () => {
    const shared = open();
    const writerStore = shared instanceof MemoryFindingStore ? shared : open();
    const readerStore = counted(shared);
    const retention = { maxFindings: 5 };
    // A second between findings, so "the oldest" is one finding, in Redis too (ids sort by learning time).
    let clock = Date.now();
    const now = () => (clock += 1_000);
    const elena = createSearchMemory({ botId: 'elena', scope: 'shared', store: writerStore, retention, now });
    const dotty = createSearchMemory({ botId: 'dotty', store: readerStore, retention, now });
    try {
      await elena.remember(finding('kazakhstan topic 0', 'mark'));
      expect(await queries(dotty, topics(8))).toEqual(['kazakhstan topic 0']);
      const firstReads = readerStore.idReads;

      // Eight more: the scope keeps the newest five.
      for (let n = 1; n <= 8; n++)
        await elena.remember(finding(`kazakhstan topic ${n}`, n % 2 ? 'ana' : 'mark'));
      expect(await queries(dotty, topics(8))).toEqual([4, 5, 6, 7, 8].map((n) => `kazakhstan topic ${n}`));
      // Dotty's own writes and a forget on another connection come through the log too.
      await dotty.remember(finding('kazakhstan capital', 'mark'));
      await elena.forgetUser('ana');
      expect(await queries(dotty, topics(8))).toEqual([
        'kazakhstan topic 4',
        'kazakhstan topic 6',
        'kazakhstan topic 8',
      ]);
      expect(await queries(dotty, 'kazakhstan capital')).toEqual(['kazakhstan capital']);
      expect(readerStore.idReads).toBe(firstReads);
    } finally {
      await elena.close();
      await dotty.close();
    }
  });

  it('a first load longer than the deadline keeps it and goes on, so the next recall answers', async () => {
    const shared = open();
    const writerStore = shared instanceof MemoryFindingStore ? shared : open();
    const readerStore = counted(shared);
    const retention = { maxFindings: 5_000 };
    const elena = createSearchMemory({ botId: 'elena', scope: 'shared', store: writerStore, retention });
    const dotty = createSearchMemory({ botId: 'dotty', store: readerStore, retention });
    try {
      for (let n = 0; n < retention.maxFindings; n += 100) {
        await Promise.all(
          Array.from({ length: 100 }, (_, i) => elena.remember(finding(`kazakhstan topic ${n + i}`, 'mark'))),
        );
      }
      // Parsing and indexing 5,000 findings takes far longer than 5 ms: the deadline fires in the middle of
      // the load (which hands the event loop back as it goes), not after it.
      // Counted in findings fetched, not in time: when the deadline fires, only part of them is.
      await expect(dotty.recall('kazakhstan topic 4999', { timeoutMs: 5 })).rejects.toMatchObject({
        name: 'TimeoutError',
      });
      const fetchedAtDeadline = readerStore.fetched;
      const found = await dotty.recall('kazakhstan topic 4999', { timeoutMs: 30_000 });
      expect(found.map((f) => f.query)).toEqual(['kazakhstan topic 4999']);
      expect(fetchedAtDeadline).toBeLessThan(retention.maxFindings);
      expect(readerStore.fetched).toBeGreaterThanOrEqual(retention.maxFindings);
      // The second recall waited for the load the first one started: each namespace's ids were read once
      // (Dotty's own, and the shared one).
      expect(readerStore.idReads).toBe(2);
    } finally {
      await elena.close();
      await dotty.close();
    }
  });

  it('reads the id lists when the log cannot say what changed', async () => {
    const shared = open();
    const writerStore = shared instanceof MemoryFindingStore ? shared : open();
    const readerStore = counted(shared);
    const elena = createSearchMemory({ botId: 'elena', scope: 'shared', store: writerStore });
    const dotty = createSearchMemory({ botId: 'dotty', store: readerStore });
    try {
      await elena.remember(finding('norway capital', 'mark'));
      expect(await queries(dotty, 'norway capital')).toEqual(['norway capital']);
      const firstReads = readerStore.idReads;
      // More writes than the log keeps: the log no longer reaches back to what Dotty read.
      for (let n = 0; n < 300; n++) await elena.remember(finding(`norway fjord ${n}`, 'mark'));
      expect(await queries(dotty, 'norway fjord 299')).toEqual(['norway fjord 299']);
      expect(readerStore.idReads).toBeGreaterThan(firstReads);
      expect(await queries(dotty, 'norway capital')).toEqual(['norway capital']);
    } finally {
      await elena.close();
      await dotty.close();
    }
  });
});

describe.skipIf(!redisUrl)('change notices on Redis', () => {
  it('a recall with nothing new asks Redis nothing; writes, forgets and silent writers still reach it', async () => {
    const keyPrefix = `test:${randomUUID()}:`;
    const port = Number(new URL(redisUrl!).port);
    // Dotty reaches Redis through a proxy: a different address, so she is not Elena's neighbour in this
    // process and hears of Elena's writes only by Redis's notices, as a bot in another process would.
    const proxy = await startTcpProxy(port);
    const admin = new Redis(redisUrl!);
    const elena = createSearchMemory({
      botId: 'elena',
      scope: 'shared',
      store: new RedisFindingStore({ url: redisUrl, keyPrefix }),
    });
    const dotty = createSearchMemory({
      botId: 'dotty',
      store: new RedisFindingStore({ url: `redis://127.0.0.1:${proxy.port}`, keyPrefix }),
    });
    try {
      await elena.remember(finding('capital of Kazakhstan', 'mark'));
      expect(await queries(dotty, KAZAKHSTAN)).toEqual(['capital of Kazakhstan']);
      // Once subscribed, a recall reads the version once and then trusts it: with every answer from Redis
      // 2 s late, recall still answers at once, from the index.
      await expect
        .poll(
          async () => {
            proxy.setMode({ kind: 'pass' });
            // Until its load is done a new bot answers from Redis's question lists; a question with no
            // terms has no list, and waits for the load.
            await dotty.recall('what is it?', { timeoutMs: 10_000 });
            proxy.setMode({ kind: 'delay', ms: 2_000 });
            // Counted, not timed: answering from the index, the recall sends Redis nothing to wait for.
            const sent = proxy.commands.length;
            const found = await queries(dotty, KAZAKHSTAN).catch(() => []);
            return { found, sent: proxy.commands.slice(sent) };
          },
          { timeout: 15_000, interval: 0 },
        )
        .toEqual({ found: ['capital of Kazakhstan'], sent: [] });
      proxy.setMode({ kind: 'pass' });

      await elena.remember(finding('Kazakhstan flag', 'ana'));
      await expect
        .poll(() => queries(dotty, KAZAKHSTAN), { timeout: 5_000 })
        .toEqual(['Kazakhstan flag', 'capital of Kazakhstan']);
      await elena.forgetUser('mark');
      await expect.poll(() => queries(dotty, KAZAKHSTAN), { timeout: 5_000 }).toEqual(['Kazakhstan flag']);
      // A writer that publishes nothing (another version, a script of one's own) is seen once the
      // trusted version is too old.
      await admin.incr(`${keyPrefix}v:shared`);
      await admin.zrem(`${keyPrefix}ns:shared`, (await elena.recall('kazakhstan flag'))[0]!.id);
      await expect.poll(() => queries(dotty, KAZAKHSTAN), { timeout: 5_000 }).toEqual([]);
    } finally {
      await elena.close();
      await dotty.close();
      await proxy.close();
      const keys = await admin.keys(`${keyPrefix}*`);
      if (keys.length > 0) await admin.del(...keys);
      await admin.quit();
    }
  });

  it('a write in this process reaches its neighbours at once, even from a Redis user not allowed to publish', async () => {
    const keyPrefix = `test:${randomUUID()}:`;
    const admin = new Redis(redisUrl!);
    const user = `writer-${randomUUID()}`;
    // A user of its own with every key and command but no pub/sub channel: its scripts' notices fail.
    await admin.call('ACL', 'SETUSER', user, 'on', '>secret', '~*', '+@all', 'resetchannels');
    const url = new URL(redisUrl!);
    const elena = createSearchMemory({
      botId: 'elena',
      scope: 'shared',
      store: new RedisFindingStore({
        url: `redis://${user}:secret@${url.hostname}:${url.port}`,
        keyPrefix,
      }),
    });
    const dotty = createSearchMemory({
      botId: 'dotty',
      store: new RedisFindingStore({ url: redisUrl, keyPrefix }),
    });
    try {
      await elena.remember(finding('capital of Kazakhstan', 'mark'));
      expect(await queries(dotty, KAZAKHSTAN)).toEqual(['capital of Kazakhstan']);
      await new Promise((resolve) => setTimeout(resolve, 200)); // Dotty is subscribed and trusts versions
      await dotty.recall('capital of Kazakhstan');
      await elena.remember(finding('Kazakhstan flag', 'ana'));
      expect(await queries(dotty, KAZAKHSTAN)).toEqual(['Kazakhstan flag', 'capital of Kazakhstan']);
      await elena.forgetUser('mark');
      expect(await queries(dotty, KAZAKHSTAN)).toEqual(['Kazakhstan flag']);
    } finally {
      await elena.close();
      await dotty.close();
      await admin.call('ACL', 'DELUSER', user);
      const keys = await admin.keys(`${keyPrefix}*`);
      if (keys.length > 0) await admin.del(...keys);
      await admin.quit();
    }
  });
});
