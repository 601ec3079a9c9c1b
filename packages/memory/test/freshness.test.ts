import { describe, expect, it } from 'vitest';
import { classifyFreshness, createSearchMemory, FRESHNESS_MAX_AGE_MS, questionKind } from '../src/index.ts';

const found = (query: string, snippet: string) => ({
  query,
  results: [{ title: query, url: 'https://news.example/a', snippet }],
  provider: 'duckduckgo',
});

const DAY = 86_400_000;

describe('freshness by kind', () => {
  it('classifies what a question is about, whatever its tense says', () => {
    expect(questionKind('capital of Ireland')).toBe('stable');
    expect(questionKind('what is a heat pump')).toBe('stable');
    expect(questionKind('how to descale a kettle')).toBe('stable');
    expect(questionKind('population of France')).toBe('slow');
    expect(questionKind('Who won the recent Nobel Prize?')).toBe('slow');
    expect(questionKind('New York population')).toBe('slow');
    for (const question of [
      'what happened in the election',
      'specs of the new iPhone',
      'did the Lakers win last night',
      'who is leading the Tour de France',
      'Premier League standings',
      'train schedule Boston to New York',
      'latest polls',
    ]) {
      expect(questionKind(question), question).toBe('volatile');
    }
    for (const question of [
      'how much is an ounce of gold',
      'how many euros is one dollar',
      'bitcoin price',
      'Lakers score',
    ]) {
      expect(questionKind(question), question).toBe('live');
    }
    // The answer can make it stricter: a page written as things happen.
    expect(
      classifyFreshness('Tour de France stage 12', ['Live updates: Pogačar attacks, 3 minutes ago']),
    ).toBe('live');
    expect(classifyFreshness('capital of Ireland', ['Dublin is the capital of Ireland.'])).toBe('stable');
    expect(FRESHNESS_MAX_AGE_MS.live).toBeLessThan(FRESHNESS_MAX_AGE_MS.volatile);
  });

  it('a present-tense question is not answered from a 3-day-old finding', async () => {
    let clock = Date.parse('2026-11-21T10:00:00Z');
    const memory = createSearchMemory({ botId: 'elena', now: () => clock });
    const questions = [
      'what happened in the election',
      'specs of the new iPhone',
      'how much is an ounce of gold',
      'how many euros is one dollar',
      'did the Lakers win last night',
      'who is leading the Tour de France',
    ];
    for (const q of questions) await memory.remember(found(q, 'What the page said that day.'));
    // Asked again at once, each is answered from memory...
    for (const q of questions) expect(await memory.recall(q), q).toHaveLength(1);
    clock += 3 * DAY;
    // ...and three days later, each searches.
    for (const q of questions) expect(await memory.recall(q), q).toEqual([]);
  });

  it('"recent" is no reason to search while the finding is fresh for its kind (seed 002’s Nobel Prize)', async () => {
    let clock = Date.parse('2026-10-09T12:00:00Z');
    const elena = createSearchMemory({ botId: 'elena', botName: 'Elena', scope: 'shared', now: () => clock });
    await elena.remember(
      found('Nobel Prize winner', 'Demis Hassabis won the Nobel Prize in Chemistry 2024 with David Baker.'),
    );
    clock += 6 * 3_600_000;
    const [same] = await elena.recall('Who won the recent Nobel Prize?');
    expect(same?.note).toBe('Elena learned this on 2026-10-09 from news.example');
    clock += 30 * DAY;
    expect(await elena.recall('Who won the recent Nobel Prize?')).toEqual([]);
  });

  it('a stable fact answers for a year, and the asked question can want fresher', async () => {
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const memory = createSearchMemory({
      botId: 'elena',
      retention: { maxAgeMs: 400 * DAY },
      now: () => clock,
    });
    await memory.remember(found('capital of Ireland', 'Dublin is the capital of Ireland.'));
    await memory.remember(found('iPhone specs', 'The iPhone has a 6.1-inch display.'));
    clock += 3 * DAY;
    expect(await memory.recall('what is the capital of Ireland')).toHaveLength(1);
    expect(await memory.recall('iPhone specs')).toHaveLength(1);
    // "latest" does not make it another question, but it wants an answer fresher than 3 days.
    expect(await memory.recall('latest iPhone specs')).toEqual([]);
    clock += 363 * DAY;
    expect(await memory.recall('what is the capital of Ireland')).toEqual([]);
  });

  it('a finding stored without a kind is classified when it is loaded', async () => {
    const { MemoryFindingStore } = await import('../src/index.ts');
    const store = new MemoryFindingStore();
    let clock = Date.parse('2026-11-21T10:00:00Z');
    const writer = createSearchMemory({ botId: 'elena', scope: 'shared', store, now: () => clock });
    const kept = await writer.remember(found('bitcoin price', 'Bitcoin trades at $91,412.'));
    // An older writer's finding: no kind.
    const { kind: _kind, ...old } = kept!;
    await store.add('shared', { ...old, id: 'older-writer' }, { maxAgeMs: DAY, maxFindings: 10 }, clock);
    const reader = createSearchMemory({ botId: 'dotty', store, now: () => clock });
    expect((await reader.recall('bitcoin price', { limit: 5 })).map((f) => f.kind)).toEqual(['live', 'live']);
    clock += 11 * 60_000;
    expect(await reader.recall('bitcoin price')).toEqual([]);
  });
});
