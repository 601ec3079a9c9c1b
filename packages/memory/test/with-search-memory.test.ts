import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSearchMemory,
  createTraceLog,
  type FindingStore,
  MemoryFindingStore,
  trustMemoryPolicy,
  withSearchMemory,
} from '../src/index.ts';
import { astanaPages, startLoopbackSearch } from './support/loopback-search.ts';

let upstream: Awaited<ReturnType<typeof startLoopbackSearch>>;
beforeAll(async () => {
  upstream = await startLoopbackSearch((query) => (/nothing/.test(query) ? [] : astanaPages()));
});
afterAll(() => upstream.close());

describe('withSearchMemory', () => {
  it('recalls before searching and remembers after, by policy; everything else is the client’s', async () => {
    const client = upstream.client();
    const store = new MemoryFindingStore();
    const elena = withSearchMemory(client, {
      memory: createSearchMemory({ botId: 'elena', botName: 'Elena', scope: 'shared', store }),
      policy: ({ options }) => trustMemoryPolicy(options.userId === 'mark' ? 50 : 10),
    });
    const dotty = withSearchMemory(client, {
      memory: createSearchMemory({ botId: 'dotty', botName: 'Dotty', scope: 'shared', store }),
    });
    expect(elena.providers).toBe(client.providers);
    expect(elena.health()).toEqual(client.health());
    expect(elena.normalize({ query: ' x ' }).query).toBe('x');
    expect(elena.timeoutMs).toBe(client.timeoutMs);

    const before = upstream.queries.length;
    // A stranger's search is answered but not kept.
    await elena.search({ query: 'capital of Kazakhstan' }, { userId: 'stranger' });
    expect((await dotty.search({ query: 'capital of Kazakhstan' })).provider).toBe('loopback');
    expect(upstream.queries.length - before).toBe(2);

    // A friend's search is kept, and another bot answers from it with no upstream call, naming Elena.
    await elena.search({ query: 'capital of Kazakhstan' }, { userId: 'mark' });
    const recalled = await dotty.search({
      query: "what's the capital of Kazakhstan",
    });
    expect(upstream.queries.length - before).toBe(3);
    expect(recalled.provider).toBe('memory');
    expect(recalled.learned).toMatchObject({ botId: 'elena', botName: 'Elena' });
    expect(recalled.learned!.note).toMatch(/^Elena learned this on \d{4}-\d\d-\d\d from en\.wikipedia\.org/);
    expect(recalled.results.map((r) => r.url)).toEqual(astanaPages().map((p) => p.url));

    // News, a time range and chosen sites still search.
    await dotty.search({ query: 'capital of Kazakhstan', mode: 'news' });
    await dotty.search({ query: 'capital of Kazakhstan', timeRange: 'd' });
    await dotty.search({ query: 'capital of Kazakhstan', includeDomains: ['britannica.com'] });
    expect(upstream.queries.length - before).toBe(6);
  });

  it('recall is bounded by the search’s deadline and abort; the search gets what is left', async () => {
    // A store that never answers: the recall can only end by its deadline or the abort.
    const hanging: FindingStore = {
      add: async () => {},
      versions: () => new Promise(() => {}),
      changes: async () => undefined,
      ids: async () => [],
      get: async () => [],
      forgetUser: async () => 0,
      close: async () => {},
    };
    const client = upstream.client({ timeoutMs: 5_000 });
    const layered = withSearchMemory(client, {
      memory: createSearchMemory({ botId: 'elena', store: hanging }),
      recallTimeoutMs: 10_000,
    });
    // Timers fire in order: one due at 290 ms, set first, has fired once the recall waited out the 300 ms
    // deadline (it gave up at the search's own deadline, not at once), however busy the machine.
    let nearDeadline = false;
    const sentinel = setTimeout(() => {
      nearDeadline = true;
    }, 290);
    const answered = await layered
      .search({ query: 'capital of Kazakhstan' }, { timeoutMs: 300 })
      .catch((e) => e);
    clearTimeout(sentinel);
    expect(nearDeadline).toBe(true);
    // The search then had what was left, not a fresh 300 ms: it ends in the deadline's timeout.
    expect(answered).toMatchObject({ code: 'timeout' });

    const controller = new AbortController();
    // The recall would wait 10 s and the search 5 s: only the caller's abort ends it with its reason.
    const aborted = layered.search({ query: 'capital of Kazakhstan' }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('the user hung up')), 50);
    await expect(aborted).rejects.toThrow('the user hung up');
  });
});

describe('trace learning', () => {
  it('counts what each kind of search led to, per bot, and learns a route', async () => {
    const store = new MemoryFindingStore();
    const client = upstream.client();
    const layer = (botId: string) =>
      withSearchMemory(client, {
        memory: createSearchMemory({ botId, scope: 'shared', store }),
        policy: { persist: true },
        traces: createTraceLog({ botId, store }),
      });
    const elena = layer('elena');
    const dotty = layer('dotty');
    await elena.search({ query: 'current bitcoin price' });
    await elena.search({ query: 'current bitcoin price' });
    await elena.search({ query: 'latest election news' });
    for (let i = 0; i < 3; i++) await elena.search({ query: 'what is a heat pump' });
    for (let i = 0; i < 3; i++) await dotty.search({ query: 'what is a heat pump' });
    await dotty.search({ query: 'nothing here' });

    const traces = createTraceLog({ botId: 'elena', store });
    const mine = await traces.counts();
    // A price asked again at once is answered from memory: the finding is fresh for a price (minutes);
    // being time-sensitive is no reason to skip a finding that young (issue 36).
    expect(mine.financial).toMatchObject({ web: 1, memory: 1 });
    expect(mine['current-events']).toMatchObject({ web: 1 });
    expect(mine.definition).toMatchObject({ web: 1, memory: 2 });
    const all = await traces.counts({ allBots: true });
    expect(all.definition).toMatchObject({ web: 1, memory: 5 });
    expect(all.general).toMatchObject({ nothing: 1 });

    expect((await traces.hint('definition')).text).toBe('definition: memory first');
    expect((await traces.hint('current bitcoin price')).text).toBe('financial: memory first');
    expect((await traces.hint('current-events')).route).toBe('memory-first');

    // Users unhappy with definitions from memory turn the route to the web.
    for (let i = 0; i < 3; i++) await traces.satisfied('what is a heat pump', false);
    await traces.satisfied('what is a heat pump', true);
    expect((await traces.counts()).definition).toMatchObject({ satisfied: 1, unsatisfied: 3 });
    expect((await traces.hint('definition')).text).toBe('definition: search first');
  });

  it('the seed’s Nobel example: answered from memory the day it was learned, searched a month later', async () => {
    const store = new MemoryFindingStore();
    let now = Date.parse('2026-10-10T12:00:00Z');
    const clock = () => now;
    const client = upstream.client();
    const layer = (botId: string) =>
      withSearchMemory(client, {
        memory: createSearchMemory({ botId, botName: botId, scope: 'shared', store, now: clock }),
        policy: { persist: true },
        traces: createTraceLog({ botId, store, now: clock }),
      });
    const elena = layer('Elena');
    const dotty = layer('Dotty');
    const question = 'Who won the recent Nobel Prize?';
    const before = upstream.queries.length;
    expect((await elena.search({ query: question }, { userId: 'mark' })).provider).toBe('loopback');
    now += 5 * 3_600_000;
    const sameDay = await dotty.search({ query: question }, { userId: 'sam' });
    expect(sameDay.provider).toBe('memory');
    expect(sameDay.learned?.note).toMatch(/^Elena learned this on 2026-10-10/);
    expect(upstream.queries.length - before).toBe(1);
    now += 30 * 24 * 3_600_000;
    expect((await dotty.search({ query: question }, { userId: 'sam' })).provider).toBe('loopback');
    expect(upstream.queries.length - before).toBe(2);
  });

  it('users asking again soon after an answer from memory tighten that kind’s age, not its route', async () => {
    const store = new MemoryFindingStore();
    let now = Date.parse('2026-11-20T09:00:00Z');
    const clock = () => now;
    const client = upstream.client();
    const traces = createTraceLog({ botId: 'elena', store, now: clock });
    const elena = withSearchMemory(client, {
      memory: createSearchMemory({ botId: 'elena', store, now: clock }),
      policy: { persist: true },
      traces,
    });
    // Standings are volatile (6 h). Five users each get a search, then an answer from memory an hour
    // later, and ask again a minute after it: every answer from memory was asked for again.
    for (let user = 0; user < 5; user++) {
      const query = `who is leading the tour de france stage ${user + 1}`;
      await elena.search({ query }, { userId: `u${user}` });
      now += 3_600_000;
      expect((await elena.search({ query }, { userId: `u${user}` })).provider).toBe('memory');
      now += 60_000;
      await elena.search({ query }, { userId: `u${user}` });
    }
    const counts = (await traces.counts()).factual;
    expect(counts).toMatchObject({ memory: 10, repeated: 5 });
    // Half the memory answers repeated: the age halves twice and a half (floor of 2.5 fifths: 2).
    const hint = await traces.hint('who is leading the tour de france stage 9');
    expect(hint.route).toBe('memory-first');
    expect(hint.maxAgeShare).toBe(0.25);
    expect(hint.maxAgeMs).toBe(1.5 * 3_600_000);
    // A finding 2 hours old, fresh for its kind (6 h), no longer answers; one 1 hour old still does.
    const query = 'who is leading the tour de france stage 9';
    await elena.search({ query }, { userId: 'v' });
    now += 2 * 3_600_000;
    expect((await elena.search({ query }, { userId: 'w' })).provider).toBe('loopback');
    now += 3_600_000;
    expect((await elena.search({ query }, { userId: 'x' })).provider).toBe('memory');
    // Another kind keeps its full age.
    expect((await traces.hint('what is a heat pump')).maxAgeMs).toBeUndefined();
  });

  it('takes a replacement classifier', async () => {
    const store = new MemoryFindingStore();
    const traces = createTraceLog({ botId: 'elena', store, classify: () => 'how-to' });
    await traces.record('anything', 'web');
    expect((await traces.counts())['how-to'].web).toBe(1);
  });
});
