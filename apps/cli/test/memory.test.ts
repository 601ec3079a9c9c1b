import { hasRedisServer, startRedisServer, useMswServer } from '@agent-search/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlResults, TEXT_RESULTS } from './fixtures/duckduckgo.ts';
import { runCli } from './run-cli.ts';

const server = useMswServer();

describe.skipIf(!hasRedisServer())('a search memory by environment (SEARCH_MEMORY_*)', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => redis?.stop());

  it('a run for a friend teaches the memory; another bot’s run recalls it, naming who learned it', async () => {
    const memory = { REDIS_URL: redis.url, TAVILY_KEYLESS: '0', SEARCH_MEMORY_SCOPE: 'shared' };
    server.use(htmlResults(TEXT_RESULTS));
    const first = await runCli(['node.js', 'runtime', '--json'], {
      ...memory,
      SEARCH_MEMORY_BOT_ID: 'elena',
      SEARCH_MEMORY_BOT_NAME: 'Elena',
      SEARCH_MEMORY_TRUST: '60',
    });
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ provider: 'duckduckgo' });

    // No handlers now: a request to DuckDuckGo would fail the test. Other words: not the cache's key.
    server.resetHandlers();
    const second = await runCli(['what', 'is', 'the', 'node.js', 'runtime', '--json'], {
      ...memory,
      SEARCH_MEMORY_BOT_ID: 'dotty',
    });
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ provider: 'memory', learned: { botName: 'Elena' } });
  });

  it('a malformed variable is a configuration error naming it', async () => {
    const run = await runCli(['anything'], {
      SEARCH_MEMORY_BOT_ID: 'elena',
      SEARCH_MEMORY_SCOPE: 'everyone',
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('SEARCH_MEMORY_SCOPE');
  });
});
