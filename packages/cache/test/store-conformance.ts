import { randomUUID } from 'node:crypto';
import { HANG_MS } from '@agent-search/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CacheStore } from '../src/index.ts';

/**
 * The suite every `CacheStore` passes, so the memory, Redis and tiered stores are interchangeable.
 * `createStore` returns a fresh store; the suite closes it after each test.
 */
export function describeStoreConformance(
  name: string,
  createStore: () => CacheStore | Promise<CacheStore>,
  options: { skip?: string } = {},
): void {
  describe.skipIf(Boolean(options.skip))(`${name} store conformance`, () => {
    const open: CacheStore[] = [];
    const fresh = async () => {
      const store = await createStore();
      open.push(store);
      return store;
    };
    // Unique keys: Redis-backed stores share one server between test files.
    const key = (label: string) => `conformance:${label}:${randomUUID()}`;

    afterEach(async () => {
      await Promise.all(open.splice(0).map((s) => s.close()));
    });

    it('returns undefined for a key it never stored', async () => {
      const store = await fresh();
      expect(await store.get(key('missing'))).toBeUndefined();
    });

    it('round-trips JSON values of every kind', async () => {
      const store = await fresh();
      const value = {
        text: 'Grüße, 世界 — "quoted"',
        n: 42.5,
        yes: true,
        none: null,
        list: [1, 'two', { three: 3 }],
        nested: { deep: { deeper: ['x'] } },
      };
      for (const [label, v] of Object.entries({
        object: value,
        string: 'plain',
        number: 7,
        zero: 0,
        nil: null,
      })) {
        const k = key(label);
        await store.set(k, v, 60_000);
        expect(await store.get(k)).toEqual(v);
      }
    });

    it('keeps a copy, not the caller’s object', async () => {
      const store = await fresh();
      const k = key('copy');
      const value = { list: [1, 2] };
      await store.set(k, value, 60_000);
      value.list.push(3);
      const first = await store.get<{ list: number[] }>(k);
      first?.list.push(4);
      expect(await store.get(k)).toEqual({ list: [1, 2] });
    });

    it('reads a "__proto__" key back as a plain key, never as a prototype', async () => {
      const store = await fresh();
      const k = key('proto');
      // What JSON.parse makes of hostile text: an own property named __proto__.
      await store.set(k, JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}'), 60_000);
      const value = await store.get<Record<string, unknown>>(k);
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(Object.hasOwn(value!, '__proto__')).toBe(true);
      expect((value as { polluted?: boolean }).polluted).toBeUndefined();
      expect(value?.ok).toBe(1);
    });

    it('overwrites a value and keeps keys apart', async () => {
      const store = await fresh();
      const a = key('a');
      const b = key('b');
      await store.set(a, 'first', 60_000);
      await store.set(b, 'other', 60_000);
      await store.set(a, 'second', 60_000);
      expect(await store.get(a)).toBe('second');
      expect(await store.get(b)).toBe('other');
    });

    it('deletes a key, and deleting a missing key is fine', async () => {
      const store = await fresh();
      const k = key('delete');
      await store.set(k, { x: 1 }, 60_000);
      await store.delete(k);
      expect(await store.get(k)).toBeUndefined();
      await expect(store.delete(key('never'))).resolves.toBeUndefined();
    });

    it('expires an entry after its TTL', async () => {
      const store = await fresh();
      const short = key('short');
      const long = key('long');
      await store.set(short, 'soon gone', 80);
      await store.set(long, 'stays', 60_000);
      expect(await store.get(short)).toBe('soon gone');
      await vi.waitFor(async () => expect(await store.get(short)).toBeUndefined(), {
        timeout: HANG_MS,
        interval: 40,
      });
      expect(await store.get(long)).toBe('stays');
    });

    it('a new TTL replaces the old one on overwrite', async () => {
      const store = await fresh();
      const k = key('ttl-overwrite');
      await store.set(k, 'v1', 80);
      await store.set(k, 'v2', 60_000);
      await new Promise((r) => setTimeout(r, 200));
      expect(await store.get(k)).toBe('v2');
    });

    it('rejects values JSON cannot carry and TTLs that are not positive', async () => {
      const store = await fresh();
      await expect(store.set(key('undefined'), undefined, 1_000)).rejects.toThrow(TypeError);
      await expect(store.set(key('zero-ttl'), 'x', 0)).rejects.toThrow(RangeError);
      await expect(store.set(key('nan-ttl'), 'x', Number.NaN)).rejects.toThrow(RangeError);
    });
  });
}
