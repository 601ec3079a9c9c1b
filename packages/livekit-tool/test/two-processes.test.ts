import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createSearchMemory, RedisFindingStore } from '@agent-search/memory';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const redisUrl = inject('redisUrl');
const run = promisify(execFile);
const script = fileURLToPath(new URL('./fixtures/companion-bot.ts', import.meta.url));

/** A loopback search API answering two Astana pages, counting the calls of every process. */
let upstream: Server;
let upstreamUrl = '';
let upstreamCalls = 0;

beforeAll(async () => {
  upstream = createServer(async (req, res) => {
    upstreamCalls++;
    for await (const _ of req);
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        results: [
          {
            title: 'Astana - Wikipedia',
            url: 'https://en.wikipedia.org/wiki/Astana',
            snippet: 'Astana is the capital city of Kazakhstan.',
          },
          {
            title: 'Kazakhstan',
            url: 'https://www.britannica.com/place/Kazakhstan',
            snippet: 'Capital: Astana.',
          },
        ],
      }),
    );
  });
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  const address = upstream.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  upstreamUrl = `http://127.0.0.1:${address.port}/search`;
});

afterAll(() => upstream.close());

interface BotAnswer {
  pid: number;
  output: { results: { href: string }[]; note?: string; error?: string };
}

describe.skipIf(!redisUrl)('two bot processes sharing Redis', () => {
  it("the second bot's process answers from the first's finding until the user is forgotten", async () => {
    const keyPrefix = `test:${randomUUID()}:`;
    const bot = (vars: Record<string, string>) =>
      run(process.execPath, ['--conditions=source', '--disable-warning=ExperimentalWarning', script], {
        env: {
          ...process.env,
          REDIS_URL: redisUrl,
          KEY_PREFIX: keyPrefix,
          UPSTREAM_URL: upstreamUrl,
          ...vars,
        },
        timeout: 60_000,
      }).then(({ stdout }) => JSON.parse(stdout.trim().split('\n').at(-1)!) as BotAnswer);
    const elena = { BOT_ID: 'elena', BOT_NAME: 'Elena', TRUST: '50', USER_ID: 'mark' };
    const dotty = { BOT_ID: 'dotty', BOT_NAME: 'Dotty', TRUST: '10', USER_ID: 'ana' };
    const before = upstreamCalls;

    const first = await bot({ ...elena, QUERY: 'capital of Kazakhstan' });
    expect(first.output.results[0]!.href).toBe('https://en.wikipedia.org/wiki/Astana');
    expect(first.output.note).toBeUndefined();
    expect(upstreamCalls - before).toBe(1);

    const second = await bot({ ...dotty, QUERY: 'what is the capital of Kazakhstan' });
    expect(second.pid).not.toBe(first.pid);
    expect(upstreamCalls - before).toBe(1);
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
    expect(upstreamCalls - before).toBe(2);
  }, 120_000);
});
