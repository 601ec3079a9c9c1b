import { type AddressInfo, createServer } from 'node:net';
import { hasRedisServer, startRedisServer, useMswServer } from '@agent-search/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedEverywhere, htmlResults, TEXT_RESULTS } from './fixtures/duckduckgo.ts';
import { runCli } from './run-cli.ts';

const server = useMswServer();

// Each run of the command is a new process in real life: only Redis carries answers from one to the next.
describe.skipIf(!hasRedisServer())('with REDIS_URL', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => redis?.stop());

  it('answers a repeated search from the cache, without a request', async () => {
    const env = { REDIS_URL: redis.url, TAVILY_KEYLESS: '0' };
    server.use(htmlResults(TEXT_RESULTS));
    const first = await runCli(['cached', 'query'], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/3 results from DuckDuckGo in \d+ ms\n$/);

    // No handlers now: a request to DuckDuckGo would fail the test.
    server.resetHandlers();
    const second = await runCli(['cached', 'query'], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/3 results from DuckDuckGo in \d+ ms \(from cache, \d+ s old\)\n$/);
    expect(second.stdout.split('\n')[0]).toBe(first.stdout.split('\n')[0]);

    const json = await runCli(['cached', 'query', '--json'], env);
    expect(JSON.parse(json.stdout)).toMatchObject({ cached: true, provider: 'duckduckgo' });
  });

  it('--no-cache asks the providers even when a cached answer exists', async () => {
    const env = { REDIS_URL: redis.url, TAVILY_KEYLESS: '0' };
    server.use(htmlResults(TEXT_RESULTS));
    expect((await runCli(['bypass'], env)).code).toBe(0);
    server.use(...blockedEverywhere());
    const run = await runCli(['bypass', '--no-cache'], env);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('search failed (blocked)');
  });

  it('serves an expired answer, marked stale, when every provider fails', async () => {
    // A 1 ms TTL: the answer is past its freshness at once but kept for the stale window.
    const env = { REDIS_URL: redis.url, SEARCH_CACHE_TTL: '0.001', TAVILY_KEYLESS: '0' };
    server.use(htmlResults(TEXT_RESULTS));
    expect((await runCli(['stale', 'query'], env)).code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    server.use(...blockedEverywhere());
    const run = await runCli(['stale', 'query'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1. Node.js — Run JavaScript Everywhere');
    expect(run.stdout).toMatch(/\(stale cache, \d+ s old: may be outdated; every provider failed\)\n$/);
  });
});

describe('with REDIS_URL pointing at no server', () => {
  /** A loopback port nothing listens on: taken, then released. */
  async function closedPort(): Promise<number> {
    const listener = createServer();
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as AddressInfo;
    await new Promise((resolve) => listener.close(resolve));
    return port;
  }

  it('still searches, and says once on stderr that Redis is unreachable', async () => {
    const env = { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` };
    server.use(htmlResults(TEXT_RESULTS));
    const run = await runCli(['redis', 'down'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/3 results from DuckDuckGo/);
    const warnings = run.stderr.split('\n').filter((line) => line.includes('Redis cache is unreachable'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({
      level: 40,
      redis: expect.stringContaining('127.0.0.1'),
    });
  });

  it('LOG_LEVEL=silent (or error) keeps stderr quiet', async () => {
    const env = { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` };
    server.use(htmlResults(TEXT_RESULTS));
    for (const level of ['silent', 'error']) {
      const run = await runCli(['redis', 'down', 'quiet'], { ...env, LOG_LEVEL: level });
      expect(run.code).toBe(0);
      expect(run.stderr).toBe('');
    }
  });
});
