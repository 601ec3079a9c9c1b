// The test side of the two-process memory tests: a loopback search API every process searches, bots run
// in processes of their own, and the scenario the framework adapters share. This package cannot depend on
// `@agent-search/memory` (whose tests use it), so the test hands in what it builds with that package.
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { promisify } from 'node:util';
import type { SearchClient } from '@agent-search/core';
import type { WebSearchOutput } from '@agent-search/core/views';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANG_MS } from './hang.ts';
import type { KitEntry } from './kit.ts';
import { hasRedisServer, type RunningRedis, startRedisServer } from './redis-server.ts';

const run = promisify(execFile);

/** The page about Astana the loopback API answers with by default. */
export const ASTANA: KitEntry = {
  title: 'Astana - Wikipedia',
  url: 'https://en.wikipedia.org/wiki/Astana',
  snippet: 'Astana is the capital city of Kazakhstan.',
};

export interface LoopbackSearchApi {
  /** Where the `loopback` test provider POSTs (`loopbackSearchClient`). */
  url: string;
  /** Searches it answered, from every process. */
  calls(): number;
  close(): void;
}

/** A loopback search API answering every search with `results`, counting the searches of every process. */
export async function startLoopbackSearchApi(
  results: readonly KitEntry[] = [ASTANA],
): Promise<LoopbackSearchApi> {
  let calls = 0;
  const server = createServer(async (req, res) => {
    calls++;
    for await (const _ of req);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}/search`,
    calls: () => calls,
    close: () => server.close(),
  };
}

/**
 * Runs the bot `script` in a Node process of its own with `env` added to this one's (see `botSettings`);
 * resolves with the last line it printed, parsed as JSON.
 */
export async function runBot<T>(
  script: string,
  env: Record<string, string>,
  nodeArgs: readonly string[] = [],
): Promise<T> {
  const { stdout } = await run(
    process.execPath,
    [...nodeArgs, '--disable-warning=ExperimentalWarning', script],
    { env: { ...process.env, ...env }, timeout: HANG_MS },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as T;
}

/** This process's bot, built by the test with `@agent-search/memory` over the shared store. */
export interface LocalBot {
  /** Its client: a memory in front of `loopbackSearchClient`. */
  client: SearchClient;
  forgetUser(userId: string): Promise<number>;
  /** The keys of the findings the store holds. */
  findingKeys(): Promise<string[]>;
  close(): Promise<void>;
}

export interface SharedMemoryOptions {
  /** The framework, as the suite's title names it. */
  framework: string;
  /** The bot fixture: one web_search through the framework's tool (`botSettings`), printing its output. */
  script: string;
  /** Node flags for the bot's process. */
  nodeArgs?: readonly string[];
  /** A bot named Dotty, id `dotty`, whose memory is shared on the Redis at `redisUrl`. */
  localBot(redisUrl: string, upstreamUrl: string): LocalBot;
  /** One web_search through the framework's tool over `client`: its output and the text the model was given. */
  ask(
    client: SearchClient,
    query: string,
    userId?: string,
  ): Promise<{ output: WebSearchOutput; modelSaw: string }>;
}

/**
 * Two bots' processes on one real Redis, through one framework's tool: Elena learns in her process, this
 * process's Dotty recalls it without a search and names Elena; a stranger-tier search is not kept; a user's
 * findings go when the user is forgotten.
 */
export function describeSharedMemory(options: SharedMemoryOptions): void {
  let api: LoopbackSearchApi;
  let redis: RunningRedis | undefined;
  beforeAll(async () => {
    api = await startLoopbackSearchApi();
    if (hasRedisServer()) redis = await startRedisServer();
  });
  afterAll(async () => {
    api?.close();
    await redis?.stop();
  });

  /** Bot A (Elena): web_search once in another process. */
  const botA = (vars: Record<string, string>) =>
    runBot<WebSearchOutput>(
      options.script,
      { REDIS_URL: redis!.url, UPSTREAM_URL: api.url, BOT_NAME: 'Elena', ...vars },
      options.nodeArgs,
    );

  describe.skipIf(!hasRedisServer())(
    `a search memory through the ${options.framework} tool, two processes on one Redis`,
    () => {
      it('B recalls A’s finding with no upstream call, naming A; a stranger’s search is not kept; forgetUser removes it', async () => {
        const dotty = options.localBot(redis!.url, api.url);
        try {
          const first = await botA({
            BOT_ID: 'elena',
            TRUST: '50',
            USER_ID: 'mark',
            QUERY: 'capital of Kazakhstan',
          });
          expect(first.provider).toBe('loopback');
          const before = api.calls();

          const { output, modelSaw } = await options.ask(
            dotty.client,
            "what's the capital of Kazakhstan",
            'ana',
          );
          expect(api.calls()).toBe(before);
          expect(output.provider).toBe('memory');
          expect(output.learned).toMatchObject({ botId: 'elena', botName: 'Elena' });
          // The model read who learned it, and that it is quoted web content.
          expect(modelSaw).toMatch(/Elena learned this on .* quoted web content/);

          // A stranger-tier caller's search is answered, not kept.
          await botA({ BOT_ID: 'jake', TRUST: '10', USER_ID: 'stranger', QUERY: 'population of Kazakhstan' });
          expect(await dotty.findingKeys()).toHaveLength(1);

          expect(await dotty.forgetUser('mark')).toBe(1);
          expect(await dotty.findingKeys()).toEqual([]);
          const again = await options.ask(dotty.client, 'capital of Kazakhstan');
          expect(again.output.provider).toBe('loopback');
        } finally {
          await dotty.close();
        }
      });
    },
  );
}
