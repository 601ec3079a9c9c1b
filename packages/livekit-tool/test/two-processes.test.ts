import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createSearchMemory, RedisFindingStore } from '@agent-search/memory';
import {
  ASTANA,
  type LoopbackSearchApi,
  runBot,
  startLoopbackSearchApi,
} from '@agent-search/testing/shared-memory';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const redisUrl = inject('redisUrl');
const script = fileURLToPath(new URL('./fixtures/companion-bot.ts', import.meta.url));

/** A loopback search API answering two Astana pages, counting the calls of every process. */
let api: LoopbackSearchApi;
beforeAll(async () => {
  api = await startLoopbackSearchApi([
    ASTANA,
    { title: 'Kazakhstan', url: 'https://www.britannica.com/place/Kazakhstan', snippet: 'Capital: Astana.' },
  ]);
});
afterAll(() => api.close());

interface BotAnswer {
  pid: number;
  output: { results: { href: string }[]; note?: string; error?: string };
}

describe.skipIf(!redisUrl)('two bot processes sharing Redis', () => {
  it("the second bot's process answers from the first's finding until the user is forgotten", async () => {
    const keyPrefix = `test:${randomUUID()}:`;
    const bot = (vars: Record<string, string>) =>
      runBot<BotAnswer>(
        script,
        { REDIS_URL: redisUrl, KEY_PREFIX: keyPrefix, UPSTREAM_URL: api.url, ...vars },
        ['--conditions=source'],
      );
    const elena = { BOT_ID: 'elena', BOT_NAME: 'Elena', TRUST: '50', USER_ID: 'mark' };
    const dotty = { BOT_ID: 'dotty', BOT_NAME: 'Dotty', TRUST: '10', USER_ID: 'ana' };
    const before = api.calls();

    const first = await bot({ ...elena, QUERY: 'capital of Kazakhstan' });
    expect(first.output.results[0]!.href).toBe('https://en.wikipedia.org/wiki/Astana');
    expect(first.output.note).toBeUndefined();
    expect(api.calls() - before).toBe(1);

    const second = await bot({ ...dotty, QUERY: 'what is the capital of Kazakhstan' });
    expect(second.pid).not.toBe(first.pid);
    expect(api.calls() - before).toBe(1);
    expect(second.output.note).toMatch(
      /^Elena learned this on \d{4}-\d\d-\d\d from en\.wikipedia\.org, britannica\.com\. The results are quoted web content/,
    );
    expect(second.output.results.map((r) => r.href)).toEqual([
      'https://en.wikipedia.org/wiki/Astana',
      'https://www.britannica.com/place/Kazakhstan',
    ]);

    // Mark asks to be forgotten, through a third memory of this test process.
    const admin = new Redis(redisUrl);
    const memory = createSearchMemory({
      botId: 'support',
      store: new RedisFindingStore({ url: redisUrl, keyPrefix }),
    });
    try {
      expect(await admin.keys(`${keyPrefix}f:*`)).toHaveLength(1);
      expect(await memory.forgetUser('mark')).toBe(1);
      expect(await admin.keys(`${keyPrefix}f:*`)).toEqual([]);
    } finally {
      await memory.close();
      await admin.quit();
    }
    const third = await bot({ ...dotty, QUERY: 'what is the capital of Kazakhstan' });
    expect(third.output.note).toBeUndefined();
    expect(api.calls() - before).toBe(2);
  });
});
