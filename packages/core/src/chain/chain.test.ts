import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSearchClient, type SearchClient, type SearchClientOptions } from '../client.ts';
import type { SearchError } from '../errors.ts';
import type { SearchResponse } from '../response.ts';
import { type Behaviour, fakeProvider } from './__fixtures__/fake-provider.ts';
import type { ProviderHealth } from './breaker.ts';

type Outcome = { ms: number; response?: SearchResponse; error?: SearchError };

/** Runs one search on fake timers, 10 ms at a time, and says how long it took on the fake clock. */
async function timed(client: SearchClient, query = 'q', options = {}): Promise<Outcome> {
  const started = Date.now();
  let outcome: Omit<Outcome, 'ms'> | undefined;
  void client.search({ query }, options).then(
    (response) => {
      outcome = { response };
    },
    (error: SearchError) => {
      outcome = { error };
    },
  );
  for (let i = 0; i < 6_000 && !outcome; i++) await vi.advanceTimersByTimeAsync(10);
  if (!outcome) throw new Error('the search never settled');
  return { ...outcome, ms: Date.now() - started };
}

/** Runs searches side by side on fake timers; each outcome with its time on the fake clock. */
async function timedTogether(client: SearchClient, queries: string[]): Promise<Outcome[]> {
  const started = Date.now();
  const outcomes: Outcome[] = [];
  let pending = queries.length;
  queries.forEach((query, i) => {
    void client.search({ query }).then(
      (response) => {
        outcomes[i] = { response, ms: Date.now() - started };
        pending--;
      },
      (error: SearchError) => {
        outcomes[i] = { error, ms: Date.now() - started };
        pending--;
      },
    );
  });
  for (let i = 0; i < 6_000 && pending > 0; i++) await vi.advanceTimersByTimeAsync(10);
  if (pending > 0) throw new Error('a search never settled');
  return outcomes;
}

const healthy = (ms = 100): Behaviour => ({ kind: 'answer', ms });

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the chain keeps its deadline with a dead primary', () => {
  const primaries = ['hang', 'hang-ignoring-signal'] as const;
  const pairs = [
    [8_000, 4_000],
    [4_000, 4_000],
    [3_000, 4_000],
    [2_000, 500],
  ] as const;
  for (const kind of primaries) {
    for (const [timeoutMs, attemptTimeoutMs] of pairs) {
      for (const hedge of [undefined, false] as const) {
        it(`${kind} primary, ${timeoutMs}/${attemptTimeoutMs} ms, hedging ${hedge === false ? 'off' : 'default'}: 20 of 20 answered by the secondary in time`, async () => {
          const primary = fakeProvider('primary', { kind });
          const secondary = fakeProvider('secondary', healthy(100));
          const client = createSearchClient({
            providers: [primary, secondary],
            timeoutMs,
            attemptTimeoutMs,
            ...(hedge === false ? { hedge } : {}),
          });
          for (let i = 0; i < 20; i++) {
            const { response, error, ms } = await timed(client, `q${i}`);
            expect(error).toBeUndefined();
            expect(response?.provider).toBe('secondary');
            expect(ms).toBeLessThanOrEqual(timeoutMs);
          }
          // The hung primary was failed for its health (a timeout), so it is not tried on every search.
          expect(primary.calls).toBeLessThan(20);
        });
      }
    }
  }

  it('with default settings no search, the first included, waits more than 1.5 s', async () => {
    const primary = fakeProvider('primary', { kind: 'hang' });
    const secondary = fakeProvider('secondary', healthy(100));
    const client = createSearchClient({ providers: [primary, secondary] });
    const times: number[] = [];
    for (let i = 0; i < 60; i++) {
      const { response, ms } = await timed(client, `q${i}`);
      expect(response?.provider).toBe('secondary');
      times.push(ms);
      await vi.advanceTimersByTimeAsync(500); // a user's pace: probes come due during the run
    }
    expect(Math.max(...times)).toBeLessThanOrEqual(1_500);
    expect(primary.calls).toBeGreaterThan(1); // it was probed again, not forgotten
  });
});

describe('1. a budget that leaves the next provider room', () => {
  it('keeps the reserve for the next provider: a 3000 ms deadline gives the first 2000 ms, not 4000', async () => {
    const primary = fakeProvider('primary', { kind: 'hang' });
    const secondary = fakeProvider('secondary', healthy(100));
    const client = createSearchClient({
      providers: [primary, secondary],
      timeoutMs: 3_000,
      attemptTimeoutMs: 4_000,
      hedge: false,
    });
    const { response, ms } = await timed(client);
    expect(response?.attempts[0]).toMatchObject({ provider: 'primary', outcome: 'timeout', limitMs: 2_000 });
    expect(ms).toBeGreaterThanOrEqual(2_100);
    expect(ms).toBeLessThanOrEqual(2_200);
  });

  it('keeps more than the floor when the next provider is usually slower', async () => {
    const primary = fakeProvider('primary', healthy(50));
    const secondary = fakeProvider('secondary', healthy(1_200));
    const client = createSearchClient({
      providers: [primary, secondary],
      timeoutMs: 4_000,
      attemptTimeoutMs: 4_000,
      hedge: false,
    });
    // Teach the chain the secondary's latency.
    for (let i = 0; i < 10; i++) await timed(client, `warm ${i}`, { providers: ['secondary'] });
    primary.behave({ kind: 'hang' });
    const { response, error } = await timed(client);
    expect(error).toBeUndefined();
    // 4000 ms left, the secondary's tail is 1200 ms, kept with a quarter to spare: the primary gets 2500.
    expect(response?.attempts[0]).toMatchObject({ outcome: 'timeout', limitMs: 2_500 });
    expect(response?.provider).toBe('secondary');
  });

  it('ends an attempt at its timer even when the provider ignores its signal, and counts it as a failure', async () => {
    const primary = fakeProvider('primary', { kind: 'hang-ignoring-signal' });
    const secondary = fakeProvider('secondary', healthy(100));
    const client = createSearchClient({
      providers: [primary, secondary],
      attemptTimeoutMs: 500,
      hedge: false,
    });
    const { response, ms } = await timed(client);
    expect(response?.provider).toBe('secondary');
    expect(ms).toBeLessThanOrEqual(700);
    // A timeout makes the provider suspect at once (tried after the others); one does not open its breaker.
    expect(client.health()[0]).toMatchObject({ state: 'closed', lastErrorCode: 'timeout' });
    expect(client.health()[0]!.suspectUntil).toBeGreaterThan(Date.now());
    expect(primary.inFlight).toBe(1); // abandoned, never awaited
  });

  it('reports an attempt cut by the deadline as such, and counts it for health', async () => {
    const only = fakeProvider('only', { kind: 'hang' });
    const client = createSearchClient({ providers: [only], timeoutMs: 1_000, attemptTimeoutMs: 4_000 });
    const { error } = await timed(client);
    expect(error).toMatchObject({ code: 'timeout' });
    expect(error?.attempts?.[0]).toMatchObject({ outcome: 'deadline', code: 'timeout', limitMs: 1_000 });
    expect(client.health()[0]).toMatchObject({ failures: 1, lastErrorCode: 'timeout' });
    expect(client.health()[0]!.suspectUntil).toBeGreaterThan(Date.now());
  });
});

describe('2. latency-aware hedging', () => {
  it('hedges when the running attempt is slower than its provider usually is', async () => {
    const primary = fakeProvider('primary', healthy(100));
    const secondary = fakeProvider('secondary', healthy(100));
    const client = createSearchClient({ providers: [primary, secondary] });
    for (let i = 0; i < 20; i++) await timed(client, `warm ${i}`);
    expect(secondary.calls).toBe(0);
    primary.behave(healthy(3_000));
    const { response, ms } = await timed(client);
    expect(response?.provider).toBe('secondary');
    // Hedged at the primary's usual tail (about 100 ms), not at a fixed second.
    expect(ms).toBeLessThanOrEqual(300);
    expect(response?.attempts.find((a) => a.provider === 'primary')).toMatchObject({ outcome: 'lost' });
  });

  it('leaves a hedged attempt running to its timer only while its provider answers nobody else', async () => {
    const primary = fakeProvider('primary', healthy(50));
    const secondary = fakeProvider('secondary', healthy(100));
    const client = createSearchClient({ providers: [primary, secondary] });
    for (let i = 0; i < 20; i++) await timed(client, `warm ${i}`);
    // A hung request, hedged: the primary answers nobody since, so it runs on and its timer fails it.
    primary.behave({ kind: 'hang' });
    const hung = await timed(client, 'hung');
    expect(hung.response?.provider).toBe('secondary');
    expect(primary.inFlight).toBe(1);
    // Meanwhile the primary is suspect: the next search starts with the secondary.
    const next = await timed(client, 'next');
    expect(next.response?.attempts.map((a) => a.provider)).toEqual(['secondary']);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(primary.inFlight).toBe(0);
    expect(client.health()[0]).toMatchObject({ lastErrorCode: 'timeout' });
    expect(client.health()[0]!.suspectUntil).toBeGreaterThan(Date.now());
    expect((await timed(client, 'after')).response?.attempts[0]?.provider).toBe('secondary');

    // A slow request while the primary answers another one: alive, so the loser is aborted at once.
    const busy = fakeProvider('primary', healthy(50));
    const other = createSearchClient({ providers: [busy, fakeProvider('secondary', healthy(100))] });
    for (let i = 0; i < 20; i++) await timed(other, `warm ${i}`);
    busy.behave((call) => (call === 21 ? healthy(3_000) : healthy(80)));
    const slow = timed(other, 'slow');
    await vi.advanceTimersByTimeAsync(20);
    const quick = timed(other, 'quick'); // answers after the slow one is overdue
    expect((await slow).response?.provider).toBe('secondary');
    expect((await quick).response?.provider).toBe('primary');
    expect(busy.inFlight).toBe(0);
    expect(other.health()[0]).toMatchObject({ state: 'closed' });
  });

  it('never hedges to a provider whose breaker is open', async () => {
    const primary = fakeProvider('primary', healthy(100));
    const secondary = fakeProvider('secondary', { kind: 'fail', code: 'unavailable', ms: 10 });
    const client = createSearchClient({
      providers: [secondary, primary],
      breaker: { consecutiveFailures: 1, openMs: 60_000 },
    });
    await timed(client); // secondary fails and opens for a minute; primary answers
    const before = secondary.calls;
    const swapped = createSearchClient({
      providers: [primary, secondary],
      initialHealth: client.health(),
    });
    primary.behave(healthy(3_000));
    const { response } = await timed(swapped);
    expect(response?.provider).toBe('primary');
    expect(secondary.calls).toBe(before);
  });

  it('keeps the hedge budget across clients that share their usage', async () => {
    const slowFirst = () => fakeProvider('primary', healthy(2_000));
    const first = createSearchClient({
      providers: [slowFirst(), fakeProvider('secondary', healthy(100))],
      hedge: { budget: 0 },
    });
    const hedged = await timed(first);
    expect(hedged.response?.provider).toBe('secondary'); // the one hedge a budget always allows
    // Another process takes over the usage: its "plus one" is spent, so it waits for its primary.
    const secondary = fakeProvider('secondary', healthy(100));
    const second = createSearchClient({
      providers: [slowFirst(), secondary],
      hedge: { budget: 0 },
      initialHedgeUsage: first.hedgeUsage?.(),
    });
    const { response } = await timed(second);
    expect(response?.provider).toBe('primary');
    expect(secondary.calls).toBe(0);
  });
});

describe('3. probes and cool-downs that protect providers', () => {
  it('100 concurrent searches while a provider recovers beside a healthy one: one trial in flight to it', async () => {
    const a = fakeProvider('a', { kind: 'fail', code: 'unavailable', ms: 10 });
    const b = fakeProvider('b', healthy(200));
    const client = createSearchClient({ providers: [a, b], breaker: { consecutiveFailures: 1 } });
    await timed(client);
    expect(client.health()[0]).toMatchObject({ state: 'open' });
    a.behave(healthy(200));
    await vi.advanceTimersByTimeAsync(1_500); // a's open time is over: half-open
    const outcomes = await timedTogether(
      client,
      Array.from({ length: 100 }, (_, i) => `c${i}`),
    );
    expect(a.maxInFlight).toBe(1);
    expect(outcomes.every((o) => o.response)).toBe(true);
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThanOrEqual(400);
    expect(client.health().map((h) => h.state)).toEqual(['closed', 'closed']);
  });

  it('100 concurrent searches while every provider is held back by our judgement: all answered (panic)', async () => {
    const a = fakeProvider('a', { kind: 'fail', code: 'unavailable', ms: 10 });
    const b = fakeProvider('b', { kind: 'fail', code: 'unavailable', ms: 10 });
    const client = createSearchClient({ providers: [a, b], breaker: { consecutiveFailures: 1 } });
    await timed(client);
    expect(client.health().map((h) => h.state)).toEqual(['open', 'open']);
    a.behave(healthy(200));
    b.behave(healthy(200));
    const outcomes = await timedTogether(
      client,
      Array.from({ length: 100 }, (_, i) => `c${i}`),
    );
    // Failing fast here would refuse searches that a provider could answer.
    expect(outcomes.filter((o) => o.response).length).toBe(100);
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThanOrEqual(400);
  });

  it('honours Retry-After on the last-resort path: a single provider fails fast with rate_limited and the wait', async () => {
    const only = fakeProvider('only', { kind: 'fail', code: 'rate_limited', ms: 10, retryAfterMs: 30_000 });
    const client = createSearchClient({ providers: [only] });
    await timed(client);
    await vi.advanceTimersByTimeAsync(5_000);
    const { error, ms } = await timed(client);
    expect(only.calls).toBe(1);
    expect(ms).toBeLessThanOrEqual(10);
    expect(error).toMatchObject({ code: 'rate_limited' });
    expect(error?.retryAfterMs).toBeGreaterThan(24_000);
    expect(error?.retryAfterMs).toBeLessThanOrEqual(25_000);
  });

  it('keeps Retry-After on every path: nothing starts to the provider before the wait ends, then it carries traffic', async () => {
    const primary = fakeProvider('primary', {
      kind: 'fail',
      code: 'rate_limited',
      ms: 10,
      retryAfterMs: 30_000,
    });
    const secondary = fakeProvider('secondary', healthy(100));
    const client = createSearchClient({ providers: [primary, secondary], hedge: { delayMs: 50, budget: 1 } });
    expect((await timed(client)).response?.provider).toBe('secondary');
    primary.behave(healthy(50));
    // Hedging from a slow secondary, failover from a failing one, panic with nothing else: none may call it.
    secondary.behave(healthy(2_000));
    expect((await timed(client, 'slow')).response?.provider).toBe('secondary');
    secondary.behave({ kind: 'fail', code: 'unavailable', ms: 10 });
    for (let i = 0; i < 6; i++) {
      const { error } = await timed(client, `fails ${i}`);
      expect(error).toMatchObject({ code: 'rate_limited' });
    }
    expect(primary.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    // The wait is over: the primary answers again, first in line.
    const after = await timed(client, 'after');
    expect(after.response?.provider).toBe('primary');
    expect(primary.calls).toBe(2);
  });

  it('lets only an outcome of a request sent after a failure clear it', async () => {
    const only = fakeProvider('only', healthy(500));
    const client = createSearchClient({ providers: [only] });
    only.behave((call) =>
      call === 1 ? healthy(500) : { kind: 'fail', code: 'rate_limited', ms: 50, retryAfterMs: 30_000 },
    );
    const early = timed(client, 'sent first');
    await vi.advanceTimersByTimeAsync(100);
    const late = await timed(client, 'sent second'); // 429 at 150 ms
    expect(late.error).toMatchObject({ code: 'rate_limited' });
    expect((await early).response?.provider).toBe('only'); // answers at 500 ms
    expect(client.health()[0]).toMatchObject({ lastErrorCode: 'rate_limited' });
    expect(client.health()[0]!.upstreamUntil).toBeGreaterThan(Date.now() + 29_000);
  });

  it('caps a cool-down at an hour, fresh and when read back from saved state', async () => {
    const only = fakeProvider('only', {
      kind: 'fail',
      code: 'rate_limited',
      ms: 10,
      retryAfterMs: 99_999_999_000,
    });
    const client = createSearchClient({ providers: [only] });
    await timed(client);
    const cooling = client.health()[0]!;
    expect(cooling.coolingUntil! - Date.now()).toBeLessThanOrEqual(3_600_000);
    const threeYears: ProviderHealth = { ...cooling, coolingUntil: Date.now() + 3 * 365 * 86_400_000 };
    const restored = createSearchClient({ providers: [only], initialHealth: [threeYears] });
    expect(restored.health()[0]!.coolingUntil! - Date.now()).toBeLessThanOrEqual(3_600_000);
  });
});

describe('4. empty answers fail over', () => {
  it('tries the next provider when one has nothing, and says which had nothing', async () => {
    const primary = fakeProvider('primary', { kind: 'answer', ms: 50, n: 0 });
    const secondary = fakeProvider('secondary', healthy(100));
    const client = createSearchClient({ providers: [primary, secondary] });
    const { response } = await timed(client);
    expect(response?.provider).toBe('secondary');
    expect(response?.results.length).toBeGreaterThan(0);
    expect(response?.attempts.map((a) => [a.provider, a.outcome])).toEqual([
      ['primary', 'empty'],
      ['secondary', 'success'],
    ]);
    // Nothing is not a failure: no cool-down.
    expect(client.health()[0]).toMatchObject({ state: 'closed' });
  });

  it('answers with no results when every provider had nothing (or failed)', async () => {
    const primary = fakeProvider('primary', { kind: 'answer', ms: 50, n: 0 });
    const secondary = fakeProvider('secondary', { kind: 'fail', code: 'unavailable', ms: 10 });
    const client = createSearchClient({ providers: [primary, secondary] });
    const { response } = await timed(client);
    expect(response).toMatchObject({ provider: 'primary', results: [] });
    expect(response?.attempts.map((a) => a.outcome)).toEqual(['empty', 'error']);
  });
});

describe('search options', () => {
  const two = (): SearchClientOptions['providers'] => [
    fakeProvider('a', healthy(10)),
    fakeProvider('b', healthy(10)),
  ];

  it('restricts a search to the providers it names, in its order', async () => {
    const client = createSearchClient({ providers: two() });
    const { response } = await timed(client, 'q', { providers: ['b', 'a'] });
    expect(response?.provider).toBe('b');
    const onlyA = await timed(client, 'q', { providers: ['a'] });
    expect(onlyA.response?.provider).toBe('a');
  });

  it('rejects unknown or repeated provider ids as invalid requests', async () => {
    const client = createSearchClient({ providers: two() });
    expect((await timed(client, 'q', { providers: ['zz'] })).error).toMatchObject({
      code: 'invalid_request',
    });
    expect((await timed(client, 'q', { providers: ['a', 'a'] })).error).toMatchObject({
      code: 'invalid_request',
    });
    expect((await timed(client, 'q', { providers: [] })).error).toMatchObject({ code: 'invalid_request' });
  });

  it("takes a search's own deadline", async () => {
    const client = createSearchClient({ providers: [fakeProvider('a', { kind: 'hang' })] });
    const { error, ms } = await timed(client, 'q', { timeoutMs: 700 });
    expect(error).toMatchObject({ code: 'timeout' });
    expect(ms).toBeLessThanOrEqual(710);
  });
});
