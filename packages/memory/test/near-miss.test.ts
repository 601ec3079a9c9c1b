import { describe, expect, it } from 'vitest';
import { classifyQuery, createSearchMemory, isTimeSensitive } from '../src/index.ts';

const found = (query: string, title: string, snippet: string, url = 'https://en.wikipedia.org/wiki/X') => ({
  query,
  results: [{ title, url, snippet }],
  provider: 'duckduckgo',
  userId: 'mark',
});

describe('recall refuses near misses', () => {
  it('a distinguishing term or number that differs means a search, not another question’s answer', async () => {
    const memory = createSearchMemory({ botId: 'elena' });
    await memory.remember(
      found(
        'Nobel Prize chemistry 2024',
        'The Nobel Prize in Chemistry 2024',
        'Awarded to David Baker, Demis Hassabis and John Jumper.',
      ),
    );
    await memory.remember(
      found(
        'Super Bowl 2024 winner',
        'Super Bowl LVIII',
        'The Kansas City Chiefs won Super Bowl 2024; 2025 is next.',
      ),
    );
    await memory.remember(
      found('iPhone 16 release date', 'iPhone 16', 'Apple released the iPhone 16 in September.'),
    );
    await memory.remember(
      found('capital of Kazakhstan', 'Astana - Wikipedia', 'Astana is the capital city of Kazakhstan.'),
    );

    expect(await memory.recall('Nobel Prize in Physics 2024')).toEqual([]);
    expect(await memory.recall('Super Bowl 2025 winner')).toEqual([]);
    expect(await memory.recall('iPhone 17 release date')).toEqual([]);
    expect(await memory.recall('capital of Kazakhstan 1990')).toEqual([]);
    expect(await memory.recall('capital of France')).toEqual([]);

    // The same questions, asked again in other words, still recall.
    expect((await memory.recall('who won the Nobel Prize in chemistry 2024?')).map((f) => f.query)).toEqual([
      'Nobel Prize chemistry 2024',
    ]);
    expect((await memory.recall('Super Bowl 2024 winner')).map((f) => f.query)).toEqual([
      'Super Bowl 2024 winner',
    ]);
    expect((await memory.recall('when was the iPhone 16 released')).map((f) => f.query)).toEqual([
      'iPhone 16 release date',
    ]);
    expect((await memory.recall("what's Kazakhstan's capital")).map((f) => f.query)).toEqual([
      'capital of Kazakhstan',
    ]);
  });

  it('a question about the present goes to the web once its finding is stale for its kind', async () => {
    let clock = Date.parse('2026-11-21T10:00:00Z');
    const memory = createSearchMemory({ botId: 'elena', now: () => clock });
    await memory.remember(found('bitcoin price', 'Bitcoin price', 'Bitcoin trades at $91,412.'));
    await memory.remember(found('Paris weather', 'Paris forecast', 'Sunny, 14 degrees.'));
    await memory.remember(found('Lakers game', 'Lakers vs Celtics', 'The Lakers lead 88-80.'));
    clock += 3 * 86_400_000;
    for (const question of [
      'current bitcoin price',
      'bitcoin price',
      'weather in Paris',
      'Lakers game score',
      'latest on the Lakers game',
      'Lakers game today',
      'Lakers game right now',
    ]) {
      expect(await memory.recall(question), question).toEqual([]);
    }
  });

  it('classifies questions by kind, and the classifier is replaceable', async () => {
    expect(classifyQuery('current bitcoin price')).toBe('financial');
    expect(classifyQuery('will it rain in Oslo tomorrow')).toBe('weather');
    expect(classifyQuery('latest news on the election')).toBe('current-events');
    expect(classifyQuery('what is a heat pump')).toBe('definition');
    expect(classifyQuery('how to descale a kettle')).toBe('how-to');
    expect(classifyQuery('capital of Kazakhstan')).toBe('factual');
    expect(classifyQuery('jazz')).toBe('general');
    expect(isTimeSensitive('Lakers score')).toBe(true);
    expect(isTimeSensitive('capital of Kazakhstan')).toBe(false);

    // The freshness classifier is replaceable too: a capital named "live" is stale after 10 minutes.
    let clock = Date.parse('2026-11-21T10:00:00Z');
    const memory = createSearchMemory({ botId: 'elena', freshness: () => 'live', now: () => clock });
    await memory.remember(found('capital of Kazakhstan', 'Astana', 'Astana is the capital of Kazakhstan.'));
    clock += 9 * 60_000;
    expect(await memory.recall('capital of Kazakhstan')).toHaveLength(1);
    clock += 2 * 60_000;
    expect(await memory.recall('capital of Kazakhstan')).toEqual([]);
  });

  // Quadratic on a megabyte would run for hours, far past the hang bound a test fails at.
  it('a bounded classifier: a huge question is classified', () => {
    expect(typeof classifyQuery(`${'how '.repeat(100_000)}to`)).toBe('string');
    expect(typeof classifyQuery('a'.repeat(1_000_000))).toBe('string');
  });
});
