import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createSearchClient } from '@agent-search/core';
import type { WebSearchOutput } from '@agent-search/core/views';
import {
  createSearchMemory,
  RedisFindingStore,
  trustMemoryPolicy,
  withSearchMemory,
} from '@agent-search/memory';
import { hasRedisServer, type RunningRedis, startRedisServer } from '@agent-search/testing';
import { createHttpTestProvider } from '@agent-search/testing/http-provider';
import type { ToolMessage } from '@langchain/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webSearchTool } from '../src/index.ts';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./fixtures/memory-bot.ts', import.meta.url));

let upstream: Server;
let upstreamUrl = '';
let upstreamCalls = 0;
let redis: RunningRedis | undefined;

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
        ],
      }),
    );
  });
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  const address = upstream.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  upstreamUrl = `http://127.0.0.1:${address.port}/search`;
  if (hasRedisServer()) redis = await startRedisServer();
});
afterAll(async () => {
  upstream.close();
  await redis?.stop();
});

/** Bot A: web_search once in another process. */
const botA = (vars: Record<string, string>) =>
  run(process.execPath, ['--conditions=source', '--disable-warning=ExperimentalWarning', script], {
    env: { ...process.env, REDIS_URL: redis!.url, UPSTREAM_URL: upstreamUrl, BOT_NAME: 'Elena', ...vars },
    timeout: 60_000,
  }).then(({ stdout }) => JSON.parse(stdout.trim().split('\n').at(-1)!) as WebSearchOutput);

describe.skipIf(!hasRedisServer())(
  'a search memory through the LangChain tool, two processes on one Redis',
  () => {
    it('B recalls A’s finding with no upstream call, naming A; a stranger’s search is not kept; forgetUser removes it', async () => {
      const store = new RedisFindingStore({ url: redis!.url });
      const dotty = createSearchMemory({ botId: 'dotty', botName: 'Dotty', scope: 'shared', store });
      const client = withSearchMemory(
        createSearchClient({ providers: [createHttpTestProvider({ id: 'loopback', url: upstreamUrl })] }),
        { memory: dotty, policy: trustMemoryPolicy(50) },
      );
      try {
        const first = await botA({
          BOT_ID: 'elena',
          TRUST: '50',
          USER_ID: 'mark',
          QUERY: 'capital of Kazakhstan',
        });
        expect(first.provider).toBe('loopback');
        const before = upstreamCalls;

        const message = (await webSearchTool({ client, userId: 'ana' }).invoke({
          name: 'web_search',
          args: { query: "what's the capital of Kazakhstan" },
          id: 'call-2',
          type: 'tool_call',
        })) as ToolMessage;
        expect(upstreamCalls).toBe(before);
        const output = message.artifact as WebSearchOutput;
        expect(output.provider).toBe('memory');
        expect(output.learned).toMatchObject({ botId: 'elena', botName: 'Elena' });
        // The model reads who learned it, and that it is quoted web content.
        expect(String(message.content)).toMatch(/Elena learned this on .* quoted web content/);

        // A stranger-tier caller's search is answered, not kept.
        await botA({ BOT_ID: 'jake', TRUST: '10', USER_ID: 'stranger', QUERY: 'population of Kazakhstan' });
        expect(await store.client.keys('agent-search:memory:f:*')).toHaveLength(1);

        expect(await dotty.forgetUser('mark')).toBe(1);
        expect(await store.client.keys('agent-search:memory:f:*')).toEqual([]);
        const again = (await webSearchTool({ client }).invoke({
          name: 'web_search',
          args: { query: 'capital of Kazakhstan' },
          id: 'call-3',
          type: 'tool_call',
        })) as ToolMessage;
        expect((again.artifact as WebSearchOutput).provider).toBe('loopback');
      } finally {
        await dotty.close();
      }
    });
  },
);
