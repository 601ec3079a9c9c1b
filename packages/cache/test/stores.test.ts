import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MemoryStore, RedisStore, TieredStore } from '../src/index.ts';
import { describeStoreConformance } from './store-conformance.ts';

const redisUrl = inject('redisUrl');
const noRedis = redisUrl ? undefined : 'no Redis (set REDIS_URL or install redis-server)';
const prefix = () => `test:${randomUUID()}:`;

describeStoreConformance('memory', () => new MemoryStore());
describeStoreConformance('redis', () => new RedisStore({ url: redisUrl, keyPrefix: prefix() }), {
  skip: noRedis,
});
describeStoreConformance(
  'tiered',
  () =>
    new TieredStore({
      front: new MemoryStore(),
      back: new RedisStore({ url: redisUrl, keyPrefix: prefix() }),
    }),
  { skip: noRedis },
);

describe('MemoryStore bounds', () => {
  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const store = new MemoryStore({ maxEntries: 3 });
    for (const k of ['a', 'b', 'c']) await store.set(k, k, 60_000);
    await store.get('a'); // now b is the least recently used
    await store.set('d', 'd', 60_000);
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toBe('a');
    expect(await store.get('d')).toBe('d');
    expect(store.size).toBe(3);
  });

  it('keeps at most maxBytes of JSON', async () => {
    const store = new MemoryStore({ maxBytes: 1_000 });
    const blob = 'x'.repeat(400); // ~402 bytes as JSON
    await store.set('one', blob, 60_000);
    await store.set('two', blob, 60_000);
    await store.set('three', blob, 60_000);
    expect(await store.get('one')).toBeUndefined();
    expect(await store.get('three')).toBe(blob);
    await store.set('huge', 'y'.repeat(5_000), 60_000); // larger than the whole store: not kept
    expect(await store.get('huge')).toBeUndefined();
    expect(await store.get('three')).toBe(blob);
  });
});

describe('MemoryStore sizes', () => {
  it('counts what a decoded value takes, not only its JSON: many small strings weigh more than their text', async () => {
    const store = new MemoryStore({ maxBytes: 1_000 });
    const text = 'x'.repeat(300); // 302 bytes of JSON, one string
    const strings = Array.from({ length: 60 }, () => 'x'); // 241 bytes of JSON, 61 heap objects
    await store.set('text', text, 60_000);
    await store.set('strings', strings, 60_000);
    expect(await store.get('text')).toBe(text);
    expect(await store.get('strings')).toBeUndefined(); // 241 + 61 × 16 bytes: more than the whole store
  });
});

describe('MemoryStore frozen reads', () => {
  it('lends one deeply frozen copy of what was set, and get hands out mutable copies of it', async () => {
    const store = new MemoryStore();
    const value = { list: [1, { deep: 'x' }], when: new Date(0) };
    await store.set('k', value, 60_000);
    value.list.push(3);
    const lent = await store.getFrozen<{ list: [number, { deep: string }]; when: string }>('k');
    expect(lent).toEqual({ list: [1, { deep: 'x' }], when: '1970-01-01T00:00:00.000Z' }); // as JSON carries it
    expect(await store.getFrozen('k')).toBe(lent);
    expect(Object.isFrozen(lent) && Object.isFrozen(lent!.list) && Object.isFrozen(lent!.list[1])).toBe(true);
    expect(() => {
      lent!.list[1].deep = 'changed';
    }).toThrow(TypeError);
    const copy = await store.get<{ list: unknown[] }>('k');
    copy!.list.push(4);
    expect(copy).not.toBe(lent);
    expect(await store.get('k')).toEqual(lent);
    await store.set('k', { other: true }, 60_000);
    expect(await store.getFrozen('k')).toEqual({ other: true });
    expect(await store.getFrozen('missing')).toBeUndefined();
  });
});

describe.skipIf(Boolean(noRedis))('RedisStore on a real server', () => {
  let raw: Redis;
  beforeAll(() => {
    raw = new Redis(redisUrl);
  });
  afterAll(async () => {
    await raw.quit();
  });

  it('stores JSON under its key prefix with the TTL kept by the server', async () => {
    const keyPrefix = prefix();
    const store = new RedisStore({ url: redisUrl, keyPrefix });
    await store.set('k', { a: 1 }, 30_000);
    expect(await raw.get(`${keyPrefix}k`)).toBe('{"a":1}');
    const pttl = await raw.pttl(`${keyPrefix}k`);
    expect(pttl).toBeGreaterThan(25_000);
    expect(pttl).toBeLessThanOrEqual(30_000);
    const other = new RedisStore({ url: redisUrl, keyPrefix: prefix() });
    expect(await other.get('k')).toBeUndefined();
    await Promise.all([store.close(), other.close()]);
  });

  it('treats a value that is not JSON as a miss', async () => {
    const keyPrefix = prefix();
    await raw.set(`${keyPrefix}junk`, 'not json {', 'PX', 30_000);
    const store = new RedisStore({ url: redisUrl, keyPrefix });
    expect(await store.get('junk')).toBeUndefined();
    await store.close();
  });

  it('tiered: a Redis entry is copied to memory for the time it has left', async () => {
    const keyPrefix = prefix();
    const writer = new RedisStore({ url: redisUrl, keyPrefix });
    await writer.set('shared', { from: 'another process' }, 20_000);
    const front = new MemoryStore();
    const tiered = new TieredStore({ front, back: new RedisStore({ url: redisUrl, keyPrefix }) });
    expect(await front.get('shared')).toBeUndefined();
    expect(await tiered.get('shared')).toEqual({ from: 'another process' });
    const copied = await front.getWithTtl('shared');
    expect(copied?.value).toEqual({ from: 'another process' });
    expect(copied?.ttlMs).toBeGreaterThan(15_000);
    expect(copied?.ttlMs).toBeLessThanOrEqual(20_000);
    await Promise.all([writer.close(), tiered.close()]);
  });
});

describe('RedisStore against a server that never answers', () => {
  it('fails fast instead of hanging, and a tiered store keeps working from memory', async () => {
    const sockets: Socket[] = [];
    const blackHole = createServer((socket) => sockets.push(socket)); // accepts, never replies
    blackHole.listen(0, '127.0.0.1');
    await once(blackHole, 'listening');
    const { port } = blackHole.address() as AddressInfo;
    const store = new TieredStore({
      front: new MemoryStore(),
      back: new RedisStore({ url: `redis://127.0.0.1:${port}`, timeoutMs: 200, connectTimeoutMs: 300 }),
    });
    try {
      // Without its bounds, the first call would wait for the black hole forever (the test's hang bound).
      expect(await store.get('anything')).toBeUndefined();
      await store.set('k', 'v', 60_000);
      expect(await store.get('k')).toBe('v');
    } finally {
      await store.close();
      for (const s of sockets) s.destroy();
      blackHole.close();
    }
  });
});
