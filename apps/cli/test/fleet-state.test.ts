import { hasRedisServer, startRedisServer, useMswServer } from '@agent-search/testing';
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlResults, TEXT_RESULTS } from './fixtures/duckduckgo.ts';
import { TAVILY_SEARCH } from './fixtures/tavily.ts';
import { runCli } from './run-cli.ts';

const server = useMswServer();
const TAVILY_KEY = 'tvly-fleet-0123456789abcdef';

// Each run is a new process in real life, with no state file here (no HOME): only Redis carries what the
// first run's chain learned to the second.
describe.skipIf(!hasRedisServer())('two runs sharing REDIS_URL, no state file', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => redis?.stop());

  it("after the first meets Tavily's 429 with Retry-After: 30, the second sends Tavily nothing", async () => {
    const env = {
      REDIS_URL: redis.url,
      TAVILY_API_KEY: TAVILY_KEY,
      SEARCH_PROVIDER_PRIORITY: 'tavily,duckduckgo',
    };
    let tavilyCalls = 0;
    server.use(
      http.post(TAVILY_SEARCH, () => {
        tavilyCalls++;
        return HttpResponse.json(
          { detail: { error: 'Rate limit exceeded' } },
          { status: 429, headers: { 'retry-after': '30' } },
        );
      }),
      htmlResults(TEXT_RESULTS),
    );
    const first = await runCli(['first', 'question', '--json'], env);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ provider: 'duckduckgo' });
    expect(tavilyCalls).toBe(1);

    const second = await runCli(['second', 'question', '--json'], env);
    expect(second.code).toBe(0);
    expect(tavilyCalls).toBe(1);
    expect(JSON.parse(second.stdout)).toMatchObject({
      provider: 'duckduckgo',
      attempts: [
        { provider: 'tavily', outcome: 'skipped', reason: 'waiting out its Retry-After' },
        { provider: 'duckduckgo', outcome: 'success' },
      ],
    });
  });
});
