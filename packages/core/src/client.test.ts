// Imported by path, not as a dependency: testing depends on core, and a dev dependency back would be a cycle.

import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createHttpTestProvider, hang, useMswServer } from '../../testing/src/index.ts';
import { createSearchClient } from './client.ts';
import type { Logger } from './logger.ts';
import { BUILT_IN_PROFILES, defineProfiles } from './profiles.ts';
import type { SearchProvider } from './provider.ts';

const server = useMswServer();

const url = (id: string) => `https://${id}.test/search`;
const provider = (id: string, extra: Parameters<typeof createHttpTestProvider>[0]['capabilities'] = {}) =>
  createHttpTestProvider({ id, url: url(id), capabilities: extra });

const results = (id: string, n = 3) => ({
  results: Array.from({ length: n }, (_, i) => ({
    title: `<b>${id}</b> result ${i + 1}`,
    url: `https://site${i + 1}.example/${id}`,
    snippet: `Snippet &amp; more ${i + 1}`,
  })),
});

/** Counts calls per provider and answers with `reply`. */
function upstream(id: string, reply: (request: Request) => Response | Promise<Response>) {
  const calls = { count: 0, aborted: 0 };
  server.use(
    http.post(url(id), async ({ request }) => {
      calls.count++;
      request.signal.addEventListener('abort', () => calls.aborted++);
      return reply(request);
    }),
  );
  return calls;
}

const ok = (id: string, n?: number) => () => HttpResponse.json(results(id, n));
const status =
  (code: number, headers: Record<string, string> = {}) =>
  () =>
    new HttpResponse(null, { status: code, headers });

function recordingLogger() {
  const lines: { level: string; obj: object; msg?: string }[] = [];
  const log = (level: string) => (obj: object, msg?: string) => lines.push({ level, obj, msg });
  const logger: Logger = { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
  return { logger, lines };
}

describe('createSearchClient', () => {
  it('returns normalized results from the first provider', async () => {
    upstream('a', ok('a', 8));
    const client = createSearchClient({ providers: [provider('a')] });
    const response = await client.search({ query: 'hello', maxResults: 3 });
    expect(response).toMatchObject({
      query: 'hello',
      mode: 'text',
      provider: 'a',
      cached: false,
      totalResults: 3,
    });
    expect(response.results).toHaveLength(3);
    expect(response.results[0]).toEqual({
      title: 'a result 1',
      url: 'https://site1.example/a',
      snippet: 'Snippet & more 1',
      source: 'site1.example',
      provider: 'a',
    });
    expect(response.attempts).toEqual([{ provider: 'a', outcome: 'success', ms: expect.any(Number) }]);
    expect(Date.parse(response.fetchedAt)).not.toBeNaN();
  });

  it("keeps a provider's own answer text, cleaned and bounded, and adds none when it writes none", async () => {
    const answering = (answer: unknown): SearchProvider => ({
      specificationVersion: 'v1',
      id: 'model',
      name: 'Model',
      capabilities: provider('model').capabilities,
      configured: true,
      search: async () => ({ ...results('model', 2), answer }),
    });
    const search = (answer: unknown) =>
      createSearchClient({ providers: [answering(answer)] }).search({ query: 'hello' });
    const prose = await search(`Heat pumps <b>move</b> heat\u001b[31m.\n\nSee ${'more '.repeat(2_000)}`);
    expect(prose.answer).toMatch(/^Heat pumps move heat\. See more more/);
    expect(prose.answer!.length).toBeLessThanOrEqual(4_000);
    expect((await search(undefined)).answer).toBeUndefined();
    expect('answer' in (await search({ text: 'not a string' }))).toBe(false);
    upstream('a', ok('a'));
    expect(
      'answer' in (await createSearchClient({ providers: [provider('a')] }).search({ query: 'x' })),
    ).toBe(false);
  });

  it('rejects invalid requests before calling any provider', async () => {
    const calls = upstream('a', ok('a'));
    const client = createSearchClient({ providers: [provider('a')] });
    await expect(client.search({ query: '   ' })).rejects.toMatchObject({ code: 'invalid_request' });
    expect(calls.count).toBe(0);
  });

  it('refuses a deadline past what a timer can hold, instead of firing it at once', async () => {
    const calls = upstream('a', ok('a'));
    const client = createSearchClient({ providers: [provider('a')] });
    await expect(client.search({ query: 'hello' }, { timeoutMs: 2 ** 31 })).rejects.toMatchObject({
      code: 'invalid_request',
      message: 'timeoutMs must be at most 2147483647 ms (about 24 days)',
    });
    expect(calls.count).toBe(0);
    expect(() => createSearchClient({ providers: [provider('a')], timeoutMs: 3e9 })).toThrow(RangeError);
    // The longest a timer holds is still a deadline, not an instant failure.
    expect((await client.search({ query: 'hello' }, { timeoutMs: 2 ** 31 - 1 })).provider).toBe('a');
  });

  it('fails over to the next provider and lists every attempt', async () => {
    upstream('a', status(429));
    upstream('b', ok('b'));
    const { logger, lines } = recordingLogger();
    const client = createSearchClient({ providers: [provider('a'), provider('b')], logger });
    const response = await client.search({ query: 'q' });
    expect(response.provider).toBe('b');
    expect(response.attempts.map((a) => [a.provider, a.outcome, a.code])).toEqual([
      ['a', 'error', 'rate_limited'],
      ['b', 'success', undefined],
    ]);
    expect(lines.some((l) => l.level === 'warn' && (l.obj as { provider?: string }).provider === 'a')).toBe(
      true,
    );
  });

  it('marks the attempts of a provider searching keyless (shared limits), answer or failure', async () => {
    upstream('a', status(403));
    upstream('b', status(429));
    upstream('c', ok('c'));
    const keyless = (id: string) => ({ ...provider(id), keyless: true });
    const client = createSearchClient({ providers: [provider('a'), keyless('b'), keyless('c')] });
    const response = await client.search({ query: 'q' });
    expect(response.attempts.map((a) => [a.provider, a.outcome, a.keyless])).toEqual([
      ['a', 'error', undefined],
      ['b', 'error', true],
      ['c', 'success', true],
    ]);
  });

  it('skips providers that cannot serve the request, without failing them', async () => {
    const calls = upstream('a', ok('a'));
    upstream('b', ok('b'));
    const client = createSearchClient({
      providers: [provider('a', { modes: ['text'] }), provider('b')],
    });
    const response = await client.search({ query: 'q', mode: 'videos' });
    expect(response.provider).toBe('b');
    expect(response.attempts[0]).toMatchObject({
      provider: 'a',
      outcome: 'skipped',
      reason: 'no videos search',
    });
    expect(calls.count).toBe(0);
    expect(client.health()[0]).toMatchObject({ provider: 'a', state: 'closed' });
  });

  it('answers no_provider when nobody can serve the request', async () => {
    const client = createSearchClient({
      providers: [
        provider('a', { timeRange: false }),
        createHttpTestProvider({ id: 'b', url: url('b'), configured: false }),
      ],
    });
    const error = await client.search({ query: 'q', timeRange: 'd' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'no_provider', retryable: false });
    expect((error as Error).message).toMatch(/a: no time-range filter; b: not configured/);
  });

  it('reports the most useful code when every provider fails', async () => {
    upstream('a', status(503));
    upstream('b', status(429, { 'retry-after': '20' }));
    upstream('c', status(500));
    const client = createSearchClient({ providers: [provider('a'), provider('b'), provider('c')] });
    const error = await client.search({ query: 'q' }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'rate_limited',
      provider: 'b',
      retryAfterMs: 20_000,
      retryable: true,
    });
    expect((error as { attempts: unknown[] }).attempts).toHaveLength(3);
  });

  it("reports one provider's refusal (invalid_request) only when nothing else went wrong", async () => {
    upstream('a', status(400));
    upstream('b', status(403));
    const both = createSearchClient({ providers: [provider('a'), provider('b')] });
    expect(await both.search({ query: 'q' }).catch((e: unknown) => e)).toMatchObject({
      code: 'blocked',
      provider: 'b',
    });
    const alone = createSearchClient({ providers: [provider('a')] });
    expect(await alone.search({ query: 'q' }).catch((e: unknown) => e)).toMatchObject({
      code: 'invalid_request',
      provider: 'a',
    });
  });

  describe('breaker: open, half-open trial, upstream waits', () => {
    it('holds back a blocked provider, then lets exactly one trial through when half-open', async () => {
      let clock = 1_000_000;
      const a = upstream('a', status(403));
      upstream('b', ok('b'));
      const client = createSearchClient({
        providers: [provider('a'), provider('b')],
        breaker: { blockedMs: 60_000 },
        now: () => clock,
      });
      await client.search({ query: 'first' });
      expect(a.count).toBe(1);
      expect(client.health()[0]).toMatchObject({
        state: 'open',
        lastErrorCode: 'blocked',
        coolingUntil: clock + 60_000,
      });

      const second = await client.search({ query: 'second' });
      expect(a.count).toBe(1);
      expect(second.attempts[0]).toMatchObject({ provider: 'a', outcome: 'skipped', reason: 'breaker open' });

      // Open time over: a is healthy again upstream. Two concurrent requests: one trial, one skip.
      clock += 60_001;
      expect(client.health()[0]).toMatchObject({ state: 'half-open' });
      server.use(
        http.post(url('a'), async () => {
          a.count++;
          await delay(50);
          return HttpResponse.json(results('a'));
        }),
      );
      const [p1, p2] = await Promise.all([client.search({ query: 'p1' }), client.search({ query: 'p2' })]);
      // One trial of a, with b beside it so nobody waits on a recovering provider; the other skips a.
      expect(a.count).toBe(2);
      expect([p1.provider, p2.provider]).toEqual(['b', 'b']);
      expect(p1.attempts.find((x) => x.provider === 'a')).toMatchObject({ outcome: 'lost' });
      expect(p2.attempts.find((x) => x.provider === 'a')).toMatchObject({
        outcome: 'skipped',
        reason: 'breaker half-open, a trial is running',
      });
      await delay(100); // the trial runs on to its answer
      expect(client.health()[0]).toMatchObject({ state: 'closed', failures: 0 });
      await client.search({ query: 'after' }).then((r) => expect(r.provider).toBe('a'));
    });

    it('takes over health saved by another client: an open breaker stays open', async () => {
      let clock = 1_000_000;
      upstream('a', status(403));
      upstream('b', ok('b'));
      const first = createSearchClient({ providers: [provider('a'), provider('b')], now: () => clock });
      await first.search({ query: 'q' });
      const saved = JSON.parse(JSON.stringify(first.health())) as unknown[];

      const a = upstream('a', ok('a'));
      const next = createSearchClient({
        providers: [provider('a'), provider('b')],
        now: () => clock,
        // Malformed and unknown entries, as a damaged state file could hold, are ignored.
        initialHealth: [
          ...(saved as never[]),
          { provider: 'b', state: 'open', failures: -1, coolingUntil: 'soon', openedAt: -5 } as never,
          { provider: 'z', state: 'open', failures: 1, coolingUntil: clock + 1, openedAt: clock },
          null as never,
        ],
      });
      expect(next.health()).toEqual(first.health());
      const response = await next.search({ query: 'q2' });
      expect(response.provider).toBe('b');
      expect(response.attempts[0]).toMatchObject({
        provider: 'a',
        outcome: 'skipped',
        reason: 'breaker open',
      });
      expect(a.count).toBe(0);

      clock += 300_001; // past the blocked open time: a's trial answers, and its breaker closes
      expect((await next.search({ query: 'q3' })).provider).toBe('a');
      expect(next.health()[0]).toMatchObject({ state: 'closed', failures: 0 });
    });

    it('honours Retry-After as the end of a wait, and grows open times with each opening', async () => {
      let clock = 0;
      upstream('a', status(429, { 'retry-after': '30' }));
      upstream('b', ok('b'));
      const client = createSearchClient({ providers: [provider('a'), provider('b')], now: () => clock });
      await client.search({ query: 'q' });
      expect(client.health()[0]).toMatchObject({ upstreamUntil: 30_000, coolingUntil: 30_000 });

      const c = createSearchClient({
        providers: [provider('c'), provider('b')],
        breaker: { consecutiveFailures: 1, openMs: 1_000 },
        now: () => clock,
      });
      upstream('c', status(502));
      const until: number[] = [];
      for (let i = 0; i < 3; i++) {
        await c.search({ query: `q${i}` });
        until.push(c.health()[0]!.coolingUntil! - clock);
        clock = c.health()[0]!.coolingUntil! + 1;
      }
      expect(until).toEqual([1_000, 2_000, 4_000]);
    });

    it('opens only when failures are the norm: never on one isolated 5xx', async () => {
      const clock = 0;
      let calls = 0;
      // One failure in ten: the background error rate of a real API.
      server.use(
        http.post(url('a'), () => {
          calls++;
          return calls % 10 === 3 ? new HttpResponse(null, { status: 503 }) : HttpResponse.json(results('a'));
        }),
      );
      upstream('b', ok('b'));
      const client = createSearchClient({ providers: [provider('a'), provider('b')], now: () => clock });
      const answered: string[] = [];
      for (let i = 0; i < 30; i++) answered.push((await client.search({ query: `q${i}` })).provider);
      expect(client.health()[0]).toMatchObject({ state: 'closed' });
      // Each isolated failure failed over to b within its own search; every other search went to a.
      expect(answered.filter((p) => p === 'b')).toHaveLength(3);
      expect(calls).toBe(30);
    });

    it('opens after five failures in a row, and its error says so', async () => {
      const a = upstream('a', status(503));
      upstream('b', ok('b'));
      const client = createSearchClient({ providers: [provider('a'), provider('b')] });
      for (let i = 0; i < 5; i++) await client.search({ query: `q${i}` });
      expect(a.count).toBe(5);
      expect(client.health()[0]).toMatchObject({ state: 'open', failures: 5, lastErrorCode: 'unavailable' });
      const held = await client.search({ query: 'held' });
      expect(a.count).toBe(5);
      expect(held.provider).toBe('b');
    });

    it('tries open providers anyway when every provider is held back by our own judgement (panic)', async () => {
      let clock = 0;
      const a = upstream('a', status(403));
      const b = upstream('b', status(500));
      const client = createSearchClient({
        providers: [provider('a'), provider('b')],
        breaker: { consecutiveFailures: 1, openMs: 60_000 },
        now: () => clock,
      });
      await client.search({ query: 'q' }).catch(() => undefined);
      expect(client.health().map((h) => h.state)).toEqual(['open', 'open']);
      clock += 10;
      upstream('b', ok('b'));
      // a is blocked (the upstream's judgement, not tried); b is open by ours: tried anyway, and answers.
      const response = await client.search({ query: 'q2' });
      expect(response.provider).toBe('b');
      expect(a.count).toBe(1);
      expect(b.count).toBe(1);
      // An answer to a request sent after the opening closes the breaker.
      expect(client.health()[1]).toMatchObject({ state: 'closed' });
    });
  });

  it('after a failure, still tries an open provider rather than give up', async () => {
    let clock = 0;
    upstream('a', ok('a'));
    const b = upstream('b', status(500));
    const client = createSearchClient({
      providers: [provider('b'), provider('a')],
      breaker: { consecutiveFailures: 1 },
      now: () => clock,
    });
    await client.search({ query: 'warm up' }); // b fails and opens; a answers
    upstream('a', status(502)); // now a fails too, while b is still open
    upstream('b', ok('b'));
    clock += 10;
    const response = await client.search({ query: 'q' });
    expect(response.provider).toBe('b');
    expect(response.attempts.map((x) => [x.provider, x.outcome])).toEqual([
      ['a', 'error'],
      ['b', 'success'],
    ]);
    expect(b.count).toBe(1);
  });

  it('does not try a provider whose key was rejected, even in panic', async () => {
    let clock = 0;
    const a = upstream('a', status(401));
    upstream('b', status(503));
    const client = createSearchClient({ providers: [provider('a'), provider('b')], now: () => clock });
    await client.search({ query: 'first' }).catch(() => undefined);
    clock += 5_000; // one 503 never opens b's breaker; a's stays open for an hour
    upstream('b', status(503));
    const error = await client.search({ query: 'second' }).catch((e: unknown) => e);
    // a is not called again; its rejected key is still what the user must fix, so its code leads.
    expect(error).toMatchObject({ code: 'unauthorized' });
    expect(a.count).toBe(1);
  });

  describe('deadlines and cancellation', () => {
    it('moves on from a hung provider after the attempt timeout', async () => {
      const a = upstream('a', (request) => hang(request));
      upstream('b', ok('b'));
      const client = createSearchClient({ providers: [provider('a'), provider('b')], attemptTimeoutMs: 150 });
      const response = await client.search({ query: 'q' });
      expect(response.provider).toBe('b');
      expect(response.attempts[0]).toMatchObject({
        provider: 'a',
        outcome: 'timeout',
        code: 'timeout',
        limitMs: 150,
      });
      expect(a.aborted).toBe(1);
    });

    it('keeps one overall deadline across providers', async () => {
      upstream('a', (request) => hang(request));
      upstream('b', (request) => hang(request));
      const client = createSearchClient({
        providers: [provider('a'), provider('b')],
        timeoutMs: 300,
        attemptTimeoutMs: 200,
      });
      // Both hang: only the deadline can end the search, and the code says it did.
      const error = await client.search({ query: 'q' }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'timeout' });
      expect((error as { attempts: { provider: string }[] }).attempts.map((a) => a.provider)).toContain('a');
    });

    it("cancels everything in flight when the caller's signal aborts", async () => {
      const a = upstream('a', (request) => hang(request));
      const client = createSearchClient({ providers: [provider('a')] });
      const controller = new AbortController();
      const pending = client.search({ query: 'q' }, { signal: controller.signal });
      setTimeout(() => controller.abort(), 30);
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
      await delay(10);
      expect(a.aborted).toBe(1);
      // An abort says nothing about the provider's health.
      expect(client.health()[0]).toMatchObject({ state: 'closed' });
    });

    it('rejects at once for an already aborted signal', async () => {
      const a = upstream('a', ok('a'));
      const client = createSearchClient({ providers: [provider('a')] });
      await expect(client.search({ query: 'q' }, { signal: AbortSignal.abort() })).rejects.toMatchObject({
        name: 'AbortError',
      });
      expect(a.count).toBe(0);
    });
  });

  describe('hedging', () => {
    it('starts the next provider after the hedge delay; the first answer wins, the slow one runs on to its end', async () => {
      const a = upstream('a', async () => {
        await delay(300);
        return HttpResponse.json(results('a'));
      });
      const b = upstream('b', ok('b'));
      const client = createSearchClient({
        providers: [provider('a'), provider('b')],
        hedge: { delayMs: 50, budget: 1 },
      });
      const response = await client.search({ query: 'q' });
      expect(response.provider).toBe('b');
      expect(b.count).toBe(1);
      expect(response.attempts.find((x) => x.provider === 'a')).toMatchObject({ outcome: 'lost' });
      // Silent past its hedge delay, a is not aborted: how it ends tells its health (here: it answered).
      await delay(400);
      expect(a.aborted).toBe(0);
      expect(client.health()[0]).toMatchObject({ state: 'closed' });
    });

    it('does not hedge when the first provider answers in time', async () => {
      upstream('a', ok('a'));
      const b = upstream('b', ok('b'));
      const client = createSearchClient({
        providers: [provider('a'), provider('b')],
        hedge: { delayMs: 200 },
      });
      expect((await client.search({ query: 'q' })).provider).toBe('a');
      expect(b.count).toBe(0);
    });

    it('keeps hedges within the per-provider budget', async () => {
      const a = upstream('a', async () => {
        await delay(80);
        return HttpResponse.json(results('a'));
      });
      const b = upstream('b', ok('b'));
      const client = createSearchClient({
        providers: [provider('a'), provider('b')],
        hedge: { delayMs: 10, budget: 0.1 },
      });
      for (let i = 0; i < 20; i++) await client.search({ query: `q${i}` });
      // Extra calls: 10% of 20 searches, plus the one hedge the budget always allows. (While a is silent past
      // its delay, searches start with b instead of a: one call each, not an extra one.)
      expect(a.count + b.count).toBeLessThanOrEqual(20 + 3);
      expect(b.count).toBeGreaterThanOrEqual(1);
    });
  });

  it('enforces domain filters on what providers return', async () => {
    server.use(
      http.post(url('a'), () =>
        HttpResponse.json({
          results: [
            { title: 'kept', url: 'https://docs.example.com/x' },
            { title: 'other site', url: 'https://elsewhere.org/y' },
            { title: 'excluded', url: 'https://spam.example.com/z' },
          ],
        }),
      ),
    );
    const client = createSearchClient({ providers: [provider('a')] });
    const response = await client.search({
      query: 'q',
      includeDomains: ['example.com'],
      excludeDomains: ['spam.example.com'],
    });
    expect(response.results.map((r) => r.title)).toEqual(['kept']);
  });

  it('asks the providers that return page text first when a request wants it, keeping the others as fallbacks', async () => {
    const a = upstream('a', ok('a'));
    const b = upstream('b', status(503));
    const c = upstream('c', ok('c'));
    const client = createSearchClient({
      providers: [provider('a'), provider('b', { pageContent: true }), provider('c', { pageContent: true })],
    });
    const withContent = await client.search({ query: 'q', includeContent: true });
    expect(withContent.provider).toBe('c');
    expect(withContent.attempts.map((t) => [t.provider, t.outcome])).toEqual([
      ['b', 'error'],
      ['c', 'success'],
    ]);
    const plain = await client.search({ query: 'q2' });
    expect(plain.provider).toBe('a');
    expect([a.count, b.count, c.count]).toEqual([1, 1, 1]);
  });

  it('rejects a provider listed twice', () => {
    expect(() => createSearchClient({ providers: [provider('a'), provider('a')] })).toThrow(/listed twice/);
  });
});

describe('profiles', () => {
  it("applies a profile's site filters the way each provider can take them", async () => {
    const bodies: { provider: string; body: { query: string; includeDomains: string[] } }[] = [];
    server.use(
      http.post(url('a'), async ({ request }) => {
        bodies.push({ provider: 'a', body: (await request.json()) as never });
        return new HttpResponse(null, { status: 503 });
      }),
      http.post(url('b'), async ({ request }) => {
        bodies.push({ provider: 'b', body: (await request.json()) as never });
        return HttpResponse.json({
          results: [{ title: 'Statute', url: 'https://flk.npc.gov.cn/detail?id=1' }],
        });
      }),
    );
    const profiles = defineProfiles({ statutes: { includeDomains: ['flk.npc.gov.cn', 'npc.gov.cn'] } });
    const client = createSearchClient({
      providers: [provider('a', { domainFilter: 'none' }), provider('b')],
      profiles,
    });
    const response = await client.search({ query: '民法典 第一百零八条', profile: 'statutes' });
    expect(response.provider).toBe('b');
    expect(bodies[0]?.body.includeDomains).toEqual([]);
    expect(bodies[1]?.body.includeDomains).toContain('flk.npc.gov.cn');
    expect(response.results.map((r) => r.url)).toEqual(['https://flk.npc.gov.cn/detail?id=1']);
  });

  it('rejects an unknown profile with invalid_request before any provider is asked', async () => {
    const calls = upstream('a', ok('a'));
    const client = createSearchClient({ providers: [provider('a')] });
    await expect(client.search({ query: 'q', profile: 'nope' })).rejects.toMatchObject({
      code: 'invalid_request',
      message: 'Unknown search profile "nope"; use one of: general, news',
    });
    expect(calls.count).toBe(0);
  });

  it('exposes its profiles: the built-ins by default, else the set it was given', () => {
    expect(createSearchClient({ providers: [provider('a')] }).profiles).toBe(BUILT_IN_PROFILES);
    const profiles = defineProfiles({ tax: { includeDomains: ['chinatax.gov.cn'], ttlSeconds: 86_400 } });
    const client = createSearchClient({ providers: [provider('a')], profiles });
    expect(client.profiles).toBe(profiles);
    expect(client.profiles.tax?.ttlSeconds).toBe(86_400);
  });
});
