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
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webSearchTool } from '../src/index.ts';

type LanguageModelV3CallOptions = MockLanguageModelV3['doGenerateCalls'][number];
type LanguageModelV3GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;
const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

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
  // Without --conditions=source: `ai` depends on packages that publish a "source" condition of raw .ts.
  run(process.execPath, ['--disable-warning=ExperimentalWarning', script], {
    env: { ...process.env, REDIS_URL: redis!.url, UPSTREAM_URL: upstreamUrl, BOT_NAME: 'Elena', ...vars },
    timeout: 60_000,
  }).then(({ stdout }) => JSON.parse(stdout.trim().split('\n').at(-1)!) as WebSearchOutput);

/** A model that calls web_search once with `query`, then answers; it records what it was sent. */
function searchingModel(query: string) {
  const calls: LanguageModelV3CallOptions[] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options): Promise<LanguageModelV3GenerateResult> => {
      calls.push(options);
      if (calls.length === 1) {
        return {
          content: [
            {
              type: 'tool-call',
              toolCallId: 'call-1',
              toolName: 'web_search',
              input: JSON.stringify({ query }),
            },
          ],
          finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
          usage: USAGE,
          warnings: [],
        };
      }
      return {
        content: [{ type: 'text', text: 'Astana.' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: USAGE,
        warnings: [],
      };
    },
  });
  return { model, calls };
}

describe.skipIf(!hasRedisServer())(
  'a search memory through the AI SDK tool, two processes on one Redis',
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

        const { model, calls } = searchingModel("what's the capital of Kazakhstan");
        const result = await generateText({
          model,
          tools: { web_search: webSearchTool({ client, userId: 'ana' }) },
          prompt: 'capital of Kazakhstan?',
          stopWhen: stepCountIs(3),
        });
        expect(upstreamCalls).toBe(before);
        const output = result.steps[0]!.toolResults[0]!.output as WebSearchOutput;
        expect(output.provider).toBe('memory');
        expect(output.learned).toMatchObject({ botId: 'elena', botName: 'Elena' });
        // The model read who learned it, and that it is quoted web content.
        expect(JSON.stringify(calls[1]!.prompt)).toMatch(/Elena learned this on .* quoted web content/);

        // A stranger-tier caller's search is answered, not kept.
        await botA({ BOT_ID: 'jake', TRUST: '10', USER_ID: 'stranger', QUERY: 'population of Kazakhstan' });
        expect(await store.client.keys('agent-search:memory:f:*')).toHaveLength(1);

        expect(await dotty.forgetUser('mark')).toBe(1);
        expect(await store.client.keys('agent-search:memory:f:*')).toEqual([]);
        const again = await webSearchTool({ client }).execute!(
          { query: 'capital of Kazakhstan' },
          { toolCallId: 'c', messages: [] },
        );
        expect((again as WebSearchOutput).provider).toBe('loopback');
      } finally {
        await dotty.close();
      }
    });
  },
);
