import { createHash, randomUUID } from 'node:crypto';
import { startTcpProxy } from '@agent-search/testing/tcp-proxy';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import {
  createSearchMemory,
  createTraceLog,
  type FindingStore,
  questionShape,
  RedisFindingStore,
  type SearchMemory,
} from '../src/index.ts';

const redisUrl = inject('redisUrl');
const noRedis = redisUrl ? undefined : 'no Redis (set REDIS_URL or install redis-server)';

const finding = (query: string, userId: string) => ({
  query,
  results: [
    { title: `${query} - Wikipedia`, url: 'https://en.wikipedia.org/wiki/X', snippet: `All about ${query}.` },
  ],
  provider: 'duckduckgo',
  userId,
});

describe.skipIf(Boolean(noRedis))('search memory on a real Redis', () => {
  const admin = new Redis(redisUrl);
  const open: SearchMemory[] = [];
  let keyPrefix = '';
  /** A memory with its own Redis connection, as a bot in another process would have. */
  const bot = (botId: string, scope: 'private' | 'shared' = 'shared') => {
    const memory = createSearchMemory({
      botId,
      botName: botId[0]!.toUpperCase() + botId.slice(1),
      scope,
      store: new RedisFindingStore({ url: redisUrl, keyPrefix }),
    });
    open.push(memory);
    return memory;
  };

  afterEach(async () => {
    await Promise.all(open.splice(0).map((m) => m.close()));
    keyPrefix = `test:${randomUUID()}:`;
  });
  afterAll(() => admin.quit());
  keyPrefix = `test:${randomUUID()}:`;

  it('a second bot on its own connection recalls what the first learned, with who and when', async () => {
    const elena = bot('elena');
    const dotty = bot('dotty');
    await dotty.recall('warm the index up'); // Dotty has synced before Elena learns anything.
    await elena.remember(finding('Nobel Prize chemistry 2024', 'mark'));
    const [found] = await dotty.recall('who won the nobel prize in chemistry 2024');
    expect(found).toMatchObject({ botId: 'elena', botName: 'Elena', query: 'Nobel Prize chemistry 2024' });
    expect(Date.now() - Date.parse(found!.learnedAt)).toBeLessThan(60_000);
    // Who asked Elena is Elena's to know, not Dotty's; Elena still sees it.
    expect(found).not.toHaveProperty('userId');
    const [own] = await elena.recall('who won the nobel prize in chemistry 2024');
    expect(own!.userId).toBe('mark');
  });

  it('forgetting a user while their findings are being written leaves none behind', async () => {
    const bots = [bot('elena'), bot('dotty'), bot('jake', 'private')];
    // Each bot writes 200 findings one after another while another connection keeps forgetting the user.
    let writing = true;
    const writes = Promise.all(
      bots.map(async (b, i) => {
        for (let n = 0; n < 200; n++) await b.remember(finding(`kazakhstan topic ${i} ${n}`, 'mark'));
      }),
    ).finally(() => {
      writing = false;
    });
    const forgetter = bot('ferdinand');
    let forgets = 0;
    while (writing) {
      await forgetter.forgetUser('mark');
      forgets++;
    }
    await writes;
    expect(forgets).toBeGreaterThan(10);
    // Every finding written after the last forget is in the user's set, so one more forget takes all.
    await bots[0]!.forgetUser('mark');
    expect(await admin.keys(`${keyPrefix}f:*`)).toEqual([]);
    expect(await admin.zcard(`${keyPrefix}ns:shared`)).toBe(0);
    expect(await admin.zcard(`${keyPrefix}ns:bot:jake`)).toBe(0);
    expect(await admin.keys(`${keyPrefix}u:*`)).toEqual([]);
  });

  it('keeps a user’s set no bigger than what retention keeps', async () => {
    const memory = createSearchMemory({
      botId: 'elena',
      scope: 'shared',
      store: new RedisFindingStore({ url: redisUrl, keyPrefix }),
      retention: { maxFindings: 10 },
    });
    open.push(memory);
    for (let n = 0; n < 300; n++) await memory.remember(finding(`kazakhstan topic ${n}`, 'mark'));
    const [userSet] = await admin.keys(`${keyPrefix}u:*`);
    expect(await admin.scard(userSet!)).toBe(10);
    expect(await admin.hlen(`${keyPrefix}owners:shared`)).toBe(10);
    expect(await admin.pttl(userSet!)).toBeGreaterThan(0);
    expect(await memory.forgetUser('mark')).toBe(10);
    expect(await admin.keys(`${keyPrefix}*`)).toEqual([`${keyPrefix}v:shared`]);
  });

  it('a recall slower than its deadline rejects in time, honours abort, and catches up in the background', async () => {
    await bot('elena').remember(finding('capital of Kazakhstan', 'mark'));
    // Every answer from Redis takes 300 ms: a first recall needs four of them.
    const proxy = await startTcpProxy(Number(new URL(redisUrl).port), { kind: 'delay', ms: 300 });
    try {
      const slow = createSearchMemory({
        botId: 'dotty',
        store: new RedisFindingStore({ url: `redis://127.0.0.1:${proxy.port}`, keyPrefix }),
      });
      open.push(slow);
      // Four answers of 300 ms would have answered it: a TimeoutError says the 400 ms deadline ended it.
      await expect(slow.recall('capital of kazakhstan', { timeoutMs: 400 })).rejects.toMatchObject({
        name: 'TimeoutError',
      });

      const controller = new AbortController();
      const aborted = slow.recall('capital of kazakhstan', { signal: controller.signal, timeoutMs: 10_000 });
      let settled = false;
      aborted.catch(() => {
        settled = true;
      });
      controller.abort(new Error('the user hung up'));
      // At once: settled before the event loop's next turn, whatever the machine's load.
      await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(true);
      await expect(aborted).rejects.toThrow('the user hung up');

      // The first sync went on after the recall gave up: once it is done, recall answers from the index.
      await expect
        .poll(() => slow.recall('capital of kazakhstan', { timeoutMs: 1_000 }).catch(() => []), {
          timeout: 5_000,
        })
        .toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });

  it('keeps a private finding from other bots', async () => {
    await bot('jake', 'private').remember(finding('capital of Kazakhstan', 'mark'));
    expect(await bot('dotty').recall('capital of kazakhstan')).toEqual([]);
    expect(await bot('jake', 'private').recall('capital of kazakhstan')).toHaveLength(1);
  });

  it('forgetting a user deletes their findings from Redis, for every bot, and nothing else', async () => {
    const elena = bot('elena');
    const dotty = bot('dotty');
    await elena.remember(finding('capital of Kazakhstan', 'mark'));
    await bot('jake', 'private').remember(finding('Kazakhstan population', 'mark'));
    await elena.remember(finding('Kazakhstan flag', 'ana'));
    const kazakhstan = async (memory: SearchMemory) =>
      (
        await Promise.all(
          ['capital of Kazakhstan', 'Kazakhstan flag', 'Kazakhstan population'].map((q) =>
            memory.recall(q, { limit: 10 }),
          ),
        )
      ).flat();
    expect(await kazakhstan(dotty)).toHaveLength(2);
    const before = (await admin.keys(`${keyPrefix}f:*`)).length;
    expect(before).toBe(3);

    expect(await dotty.forgetUser('mark')).toBe(2);

    const left = await admin.keys(`${keyPrefix}f:*`);
    expect(left).toHaveLength(1);
    expect(JSON.parse((await admin.get(left[0]!))!)).toMatchObject({ userId: 'ana' });
    expect(await admin.keys(`${keyPrefix}u:*`)).toHaveLength(1);
    expect((await kazakhstan(elena)).map((f) => f.userId)).toEqual(['ana']);
    expect(await bot('jake', 'private').recall('kazakhstan population')).toEqual([]);
    expect(await dotty.forgetUser('mark')).toBe(0);
  });

  it('trims a namespace to its count limit in Redis', async () => {
    const memory = createSearchMemory({
      botId: 'elena',
      scope: 'shared',
      store: new RedisFindingStore({ url: redisUrl, keyPrefix }),
      retention: { maxFindings: 2 },
    });
    open.push(memory);
    for (const topic of ['alpha', 'bravo', 'charlie'])
      await memory.remember(finding('capital of Kazakhstan', topic));
    expect(await admin.zcard(`${keyPrefix}ns:shared`)).toBe(2);
    expect(await admin.keys(`${keyPrefix}f:*`)).toHaveLength(2);
    const dotty = bot('dotty');
    expect((await dotty.recall('capital of Kazakhstan', { limit: 5 })).length).toBe(2);
    expect((await memory.recall('capital of Kazakhstan', { limit: 5 })).map((f) => f.userId)).toEqual([
      'charlie',
      'bravo',
    ]);
  });

  it('ignores what it cannot trust in Redis: forged, oversized or malformed entries and key names', async () => {
    const dotty = bot('dotty');
    await bot('elena').remember(finding('Kazakhstan capital', 'mark'));
    const forged = (id: string, value: string) =>
      admin
        .multi()
        .set(`${keyPrefix}f:${id}`, value)
        .zadd(`${keyPrefix}ns:shared`, Date.now(), id)
        .incr(`${keyPrefix}v:shared`)
        .exec();
    const base = {
      id: 'forged1',
      query: 'kazakhstan capital',
      sources: [{ title: 'Evil', url: 'javascript:alert(1)', snippet: 'x' }],
      provider: 'p',
      learnedAt: new Date().toISOString(),
      botId: 'elena',
      botName: 'Elena',
      scope: 'shared',
    };
    await forged('forged1', JSON.stringify(base));
    await forged('forged2', '{not json');
    await forged(
      'forged3',
      JSON.stringify({
        ...base,
        id: 'forged3',
        sources: [{ ...base.sources[0], url: 'https://ok.example/' }],
        botId: 'x y',
      }),
    );
    await forged('forged4', JSON.stringify({ ...base, id: 'forged4', query: 'k'.repeat(70_000) }));
    await forged(
      'forged5',
      JSON.stringify({
        ...base,
        id: 'forged5',
        botName: '<script>Eve</script>\u001b[2J',
        sources: [{ title: '<b>T</b>', url: 'https://ok.example/', snippet: 'kazakhstan capital' }],
      }),
    );

    // Entries written around the store are in no question list: a new bot sees them once its load is done.
    const forgedFound = async () =>
      (await dotty.recall('kazakhstan capital', { limit: 10 }))
        .map((f) => f.id)
        .filter((id) => id.startsWith('forged'));
    await expect.poll(forgedFound, { timeout: 10_000 }).toEqual(['forged5']);
    const found = await dotty.recall('kazakhstan capital', { limit: 10 });
    const cleaned = found.find((f) => f.id === 'forged5')!;
    // Markup and the escape sequence go whole, payload included.
    expect(cleaned.botName).toBe('Eve');
    expect(cleaned.sources[0]!.title).toBe('T');
    expect(found).toHaveLength(2);

    // A forged user set naming keys outside the store deletes nothing.
    const eve = createHash('sha256').update('eve').digest('base64url');
    await admin.sadd(`${keyPrefix}u:${eve}`, '../../etc|x', 'shared|../y', `bot:a b|${found[0]!.id}`);
    await admin.set('outside-the-store', '1');
    expect(await dotty.forgetUser('eve')).toBe(0);
    expect(await admin.get('outside-the-store')).toBe('1');
    await admin.del('outside-the-store');
    expect(await dotty.recall('kazakhstan capital', { limit: 10 })).toHaveLength(2);
  });
});

describe.skipIf(Boolean(noRedis))('forgetting across retentions on a real Redis', () => {
  const admin = new Redis(redisUrl);
  afterAll(() => admin.quit());
  const memories: SearchMemory[] = [];
  afterEach(async () => {
    await Promise.all(memories.splice(0).map((m) => m.close()));
  });
  const bot = (botId: string, keyPrefix: string, maxAgeMs?: number) => {
    const memory = createSearchMemory({
      botId,
      scope: 'shared',
      store: new RedisFindingStore({ url: redisUrl, keyPrefix }),
      ...(maxAgeMs === undefined ? {} : { retention: { maxAgeMs } }),
    });
    memories.push(memory);
    return memory;
  };

  it('a write with a shorter retention does not shorten the user index: forgetUser still finds everything', async () => {
    const keyPrefix = `test:${randomUUID()}:`;
    await bot('elena', keyPrefix).remember(finding('capital of Kazakhstan', 'mark'));
    await bot('quick', keyPrefix, 300).remember(finding('Kazakhstan flag', 'mark'));
    const userKey = `${keyPrefix}u:${createHash('sha256').update('mark').digest('base64url')}`;
    expect(await admin.pttl(userKey)).toBeGreaterThan(86_400_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const newcomer = bot('dotty', keyPrefix);
    expect(await newcomer.recall('capital of kazakhstan')).toHaveLength(1);
    expect(await newcomer.forgetUser('mark')).toBe(1);
    expect(await newcomer.recall('capital of kazakhstan')).toEqual([]);
    expect(await admin.keys(`${keyPrefix}f:*`)).toEqual([]);
  });

  it('a live bot stops recalling a finding once its writer’s retention ended', async () => {
    const keyPrefix = `test:${randomUUID()}:`;
    const live = bot('dotty', keyPrefix);
    await bot('quick', keyPrefix, 400).remember(finding('capital of Kazakhstan', 'mark'));
    expect(await live.recall('capital of kazakhstan')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await admin.keys(`${keyPrefix}f:*`)).toEqual([]);
    expect(await live.recall('capital of kazakhstan')).toEqual([]);
  });
});

describe.skipIf(Boolean(noRedis))('trace learning on a real Redis', () => {
  const admin = new Redis(redisUrl);
  afterAll(() => admin.quit());

  it('counts survive a restart and are shared between bots; forged counts are ignored', async () => {
    const keyPrefix = `test:${randomUUID()}:`;
    const first = new RedisFindingStore({ url: redisUrl, keyPrefix });
    const elena = createTraceLog({ botId: 'elena', store: first });
    await elena.record('current bitcoin price', 'web');
    await elena.record('what is a heat pump', 'memory');
    await elena.satisfied('what is a heat pump', true);
    await first.close();

    // Another process, later: Dotty's store on its own connection.
    const second = new RedisFindingStore({ url: redisUrl, keyPrefix });
    try {
      const dotty = createTraceLog({ botId: 'dotty', store: second });
      await dotty.record('what is a heat pump', 'memory');
      expect((await dotty.counts()).definition).toMatchObject({ memory: 1, satisfied: 0 });
      const all = await dotty.counts({ allBots: true });
      expect(all.definition).toMatchObject({ memory: 2, satisfied: 1 });
      expect(all.financial).toMatchObject({ web: 1 });
      expect((await dotty.hint('definition')).samples).toBe(2);
      expect((await dotty.hint('bitcoin price')).text).toBe('financial: memory first');

      await admin.hset(
        `${keyPrefix}t:elena`,
        'definition:memory',
        'lots',
        'evil:web',
        '5',
        'general:web',
        '-3',
      );
      await admin.sadd(`${keyPrefix}t:bots`, 'bad bot id');
      const after = await dotty.counts({ allBots: true });
      expect(after.definition.memory).toBe(1);
      expect(after.general.web).toBe(0);
    } finally {
      await second.close();
    }
  });
});

describe.skipIf(Boolean(noRedis))('a new bot’s first recall on a real Redis', () => {
  it('reads the question’s findings in one round trip, skipping what anyone forged into its list', async () => {
    const keyPrefix = `test:${randomUUID()}:`;
    const admin = new Redis(redisUrl);
    const elena = createSearchMemory({
      botId: 'elena',
      scope: 'shared',
      store: new RedisFindingStore({ url: redisUrl, keyPrefix }),
    });
    const store = new RedisFindingStore({ url: redisUrl, keyPrefix });
    try {
      await elena.remember(finding('capital of Kazakhstan', 'mark'));
      const [list] = await admin.keys(`${keyPrefix}q:shared:*`);
      expect(list).toBeDefined();
      // Forged entries: not id-shaped, a value too big to read, a key that is not a string, a repeat.
      await admin.set(`${keyPrefix}f:big`, 'x'.repeat(4 * 64 * 1024));
      await admin.hset(`${keyPrefix}f:hash`, 'a', '1');
      const [real] = await admin.lrange(list!, 0, 0);
      await admin.rpush(list!, '../../etc', 'big', 'hash', 'gone', real!);
      await store.client.ping();
      const sent: string[] = [];
      const send = store.client.sendCommand.bind(store.client);
      store.client.sendCommand = (command) => {
        sent.push(command.name);
        return send(command);
      };
      const values = await store.byQuestion(
        ['bot:dotty', 'shared'],
        questionShape('capital of Kazakhstan').key,
      );
      expect(sent).toEqual(['eval']);
      expect(values).toHaveLength(1);
      expect(values[0]).toMatchObject({ id: real, query: 'capital of Kazakhstan' });
    } finally {
      await elena.close();
      await store.close();
      const keys = await admin.keys(`${keyPrefix}*`);
      if (keys.length > 0) await admin.del(...keys);
      await admin.quit();
    }
  });

  it('answers from the findings filed under its question, without waiting for the load of every finding', async () => {
    const keyPrefix = `test:${randomUUID()}:`;
    const admin = new Redis(redisUrl);
    const elena = createSearchMemory({
      botId: 'elena',
      scope: 'shared',
      store: new RedisFindingStore({ url: redisUrl, keyPrefix }),
    });
    const store = new RedisFindingStore({ url: redisUrl, keyPrefix });
    // A load that never ends: the id lists are never read back.
    let idReads = 0;
    const stuck: FindingStore = {
      add: store.add.bind(store),
      versions: store.versions.bind(store),
      changes: store.changes.bind(store),
      ids: () => {
        idReads++;
        return new Promise<string[]>(() => {});
      },
      get: store.get.bind(store),
      byQuestion: store.byQuestion.bind(store),
      forgetUser: store.forgetUser.bind(store),
      close: store.close.bind(store),
    };
    const dotty = createSearchMemory({ botId: 'dotty', store: stuck });
    try {
      await elena.remember(finding('capital of Kazakhstan', 'mark'));
      await elena.remember(finding('capital of Kyrgyzstan', 'mark'));
      const [first, ...rest] = await dotty.recall("What's the capital of Kazakhstan?", { timeoutMs: 10_000 });
      expect(rest).toEqual([]);
      expect(first).toMatchObject({ query: 'capital of Kazakhstan', botId: 'elena', kind: 'stable' });
      expect(first).not.toHaveProperty('userId');
      // The same rules as after the load: a near miss finds nothing.
      expect(await dotty.recall('capital of Kyrgyzstan 1990', { timeoutMs: 10_000 })).toEqual([]);
      expect(idReads).toBeGreaterThan(0); // the load started, and is still under way

      // Retention and forgetting take a finding out of its question's list too.
      expect(await elena.forgetUser('mark')).toBe(2);
      expect(await dotty.recall('capital of Kazakhstan', { timeoutMs: 10_000 })).toEqual([]);
      expect(await admin.keys(`${keyPrefix}q*`)).toEqual([]);
    } finally {
      await elena.close();
      await dotty.close();
      const keys = await admin.keys(`${keyPrefix}*`);
      if (keys.length > 0) await admin.del(...keys);
      await admin.quit();
    }
  });
});
