import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { MemorySpendStore, SpendBudget } from '@agent-search/core';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createRedisSpendStore } from '../src/index.ts';

const redisUrl = inject('redisUrl');
if (!redisUrl)
  console.warn('[cache] spend budget tests on Redis skipped: set REDIS_URL or install redis-server');

const run = promisify(execFile);
const script = fileURLToPath(new URL('./fixtures/spend-searches.ts', import.meta.url));

/** The providers' upstream, shared by every process: DuckDuckGo blocked (403), Tavily answering; counted. */
const counted = { duckduckgo: 0, tavily: 0 };
let server: Server;
let upstreamUrl = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const id = req.url?.slice(1) as keyof typeof counted;
      if (id in counted) counted[id]++;
      if (id !== 'tavily') return void res.writeHead(403).end();
      const { query } = JSON.parse(body) as { query: string };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          results: [
            { title: query, url: `https://tavily.example/${encodeURIComponent(query)}`, snippet: 's' },
          ],
        }),
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address() as { port: number };
  upstreamUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface ProcessReport {
  pid: number;
  answered: Record<string, number>;
  failed: { code: string; message: string }[];
}

/** `count` searches, `inFlight` at a time, in a process of their own sharing REDIS_URL's budget. */
const searchProcess = (count: number, inFlight: number, tag: string): Promise<ProcessReport> =>
  run(
    process.execPath,
    [
      '--conditions=source',
      '--disable-warning=ExperimentalWarning',
      script,
      String(count),
      String(inFlight),
      tag,
    ],
    {
      env: {
        PATH: process.env.PATH ?? '',
        REDIS_URL: redisUrl!,
        UPSTREAM_URL: upstreamUrl,
        TAVILY_API_KEY: 'tvly-spend-test-key',
        SEARCH_BUDGET_USD: '0.10',
        // Nothing else limits these searches: only the budget does.
        SEARCH_RATE_LIMIT: '0',
        SEARCH_HEDGE_MS: '0',
        // A loaded test machine must not turn a sent request into a timeout: each one is answered.
        SEARCH_TIMEOUT_MS: '30000',
        SEARCH_ATTEMPT_TIMEOUT_MS: '25000',
      },
      timeout: 60_000,
    },
  ).then(({ stdout }) => JSON.parse(stdout.trim().split('\n').at(-1)!) as ProcessReport);

const BUDGET_SENTENCE =
  /^The search spend budget of \$0\.10 a day is spent \(\$0\.096 used\); it renews at 00:00 UTC, in .+\. To spend more, raise SEARCH_BUDGET_USD$/;

describe.skipIf(!redisUrl)('a spend budget shared by a fleet through Redis', () => {
  beforeEach(async () => {
    // Today's counters start empty for each test (they live a day past its end otherwise).
    const raw = new Redis(redisUrl!);
    const keys = await raw.keys('agent-search:spend:*');
    if (keys.length > 0) await raw.del(...keys);
    raw.disconnect();
    counted.duckduckgo = 0;
    counted.tavily = 0;
  });

  it('two processes, SEARCH_BUDGET_USD=0.10, Tavily at $0.008, DuckDuckGo blocked: 12 Tavily requests in all, then the budget sentence', async () => {
    const reports = await Promise.all([searchProcess(10, 1, 'a'), searchProcess(10, 1, 'b')]);
    expect(reports[0]!.pid).not.toBe(reports[1]!.pid);
    // $0.10 / $0.008 = 12.5: twelve requests fit, the thirteenth does not.
    expect(counted.tavily).toBe(12);
    const answered = reports.reduce((n, r) => n + (r.answered.tavily ?? 0), 0);
    expect(answered).toBe(12);
    const failures = reports.flatMap((r) => r.failed);
    expect(failures.filter((f) => f.code !== 'budget_exhausted')).toEqual([]);
    expect(failures).toHaveLength(8);
    for (const failure of failures) {
      expect(failure.code).toBe('budget_exhausted');
      expect(failure.message).toMatch(BUDGET_SENTENCE);
    }
    // A third process started later finds the budget spent (it survives the processes).
    const later = await searchProcess(2, 1, 'c');
    expect(later.failed.map((f) => f.code)).toEqual(['budget_exhausted', 'budget_exhausted']);
    expect(counted.tavily).toBe(12);
  });

  it('the same with 50 searches in flight across two processes: no double counting', async () => {
    const reports = await Promise.all([searchProcess(25, 25, 'x'), searchProcess(25, 25, 'y')]);
    // Every failure is the budget's (none a timeout of a loaded machine), said with what each process saw.
    expect(reports.flatMap((r) => r.failed.filter((f) => f.code !== 'budget_exhausted'))).toEqual([]);
    expect(counted.tavily).toBeLessThanOrEqual(12);
    expect(counted.tavily).toBe(12);
    const failures = reports.flatMap((r) => r.failed);
    expect(failures).toHaveLength(38);
    expect(new Set(failures.map((f) => f.code))).toEqual(new Set(['budget_exhausted']));
    const raw = new Redis(redisUrl!);
    const keys = await raw.keys('agent-search:spend:day:*');
    expect(keys).toHaveLength(1);
    expect(await raw.get(keys[0]!)).toBe('96000');
    // It goes an hour after the day ends.
    const ttl = await raw.pttl(keys[0]!);
    expect(ttl).toBeGreaterThan(3_600_000);
    expect(ttl).toBeLessThanOrEqual(25 * 3_600_000);
    raw.disconnect();
  });

  it('one Redis store, many reservations at once: the same totals as the in-memory store', async () => {
    const redis = new Redis(redisUrl!);
    try {
      const now = () => Date.UTC(2026, 10, 28, 18, 0);
      for (const store of [createRedisSpendStore(redis), new MemorySpendStore(now)]) {
        const budget = new SpendBudget({
          dailyUsd: 0.1,
          monthlyUsd: 0.05,
          store,
          now,
          keyPrefix: `test:${Math.random()}:`,
        });
        const outcomes = await Promise.allSettled(
          Array.from({ length: 40 }, () => budget.reserve(0.008, false)),
        );
        // The month's $0.05 binds first: six requests.
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(6);
        const refusal = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
        expect(refusal.reason).toMatchObject({ code: 'budget_exhausted' });
        expect(refusal.reason.message).toBe(
          'The search spend budget of $0.05 a month is spent ($0.048 used); it renews on 1 Dec 00:00 UTC, in 2 days. To spend more, raise SEARCH_BUDGET_MONTHLY_USD',
        );
        // A reservation given back makes room for one more.
        const taken = outcomes.find((o) => o.status === 'fulfilled') as PromiseFulfilledResult<
          Awaited<ReturnType<SpendBudget['reserve']>>
        >;
        await budget.release(taken.value);
        await expect(budget.reserve(0.008, false)).resolves.toMatchObject({ amount: 8000 });
        await expect(budget.reserve(0.008, false)).rejects.toMatchObject({ code: 'budget_exhausted' });
      }
    } finally {
      redis.disconnect();
    }
  });
});
