import { describe, expect, it } from 'vitest';
import { createSearchMemory, learnedNote, MemoryFindingStore } from '../src/index.ts';

const astana = {
  query: 'capital of Kazakhstan',
  results: [
    {
      title: 'Astana - Wikipedia',
      url: 'https://en.wikipedia.org/wiki/Astana',
      snippet: 'Astana, formerly Nur-Sultan, is the capital city of Kazakhstan.',
    },
    {
      title: 'Kazakhstan capital',
      url: 'https://www.britannica.com/place/Astana',
      snippet: 'Capital since 1997.',
    },
  ],
  provider: 'duckduckgo',
  userId: 'mark',
};

const nobel = {
  query: 'Nobel Prize chemistry 2024',
  results: [
    {
      title: 'The Nobel Prize in Chemistry 2024',
      url: 'https://www.nobelprize.org/prizes/chemistry/2024/summary/',
      snippet: 'Awarded to David Baker, Demis Hassabis and John Jumper.',
    },
  ],
  provider: 'tavily',
  userId: 'ana',
};

describe('createSearchMemory', () => {
  it('recalls a finding for a differently worded question, with who learned it, when and from where', async () => {
    let clock = Date.parse('2026-11-20T10:00:00Z');
    const memory = createSearchMemory({ botId: 'elena', botName: 'Elena', now: () => clock });
    await memory.remember(astana);
    await memory.remember(nobel);
    clock += 3_600_000;

    const [first, ...rest] = await memory.recall("What's the capital of Kazakhstan?");
    expect(rest).toEqual([]);
    expect(first).toMatchObject({
      query: 'capital of Kazakhstan',
      botId: 'elena',
      userId: 'mark',
      provider: 'duckduckgo',
    });
    expect(first!.learnedAt).toBe('2026-11-20T10:00:00.000Z');
    expect(first!.sources[0]!.url).toBe('https://en.wikipedia.org/wiki/Astana');
    expect(learnedNote(first!)).toBe(
      'Elena learned this on 2026-11-20 from en.wikipedia.org, britannica.com',
    );

    expect((await memory.recall('who won the nobel prize in chemistry in 2024')).map((f) => f.query)).toEqual(
      [nobel.query],
    );
    // Only the same question: another country, or the prize without its year and field, searches.
    expect(await memory.recall('capital of France')).toEqual([]);
    expect(await memory.recall('who won the nobel prize')).toEqual([]);
  });

  it('recalls the newest answer to the question first, scored by the share of its kind’s age it has left', async () => {
    let clock = Date.parse('2026-11-20T10:00:00Z');
    const memory = createSearchMemory({ botId: 'elena', now: () => clock });
    await memory.remember({ ...nobel, userId: 'first' });
    clock += 86_400_000;
    await memory.remember({ ...nobel, query: 'who won the Nobel Prize in chemistry 2024', userId: 'second' });
    const found = await memory.recall('nobel prize chemistry 2024');
    expect(found.map((f) => f.userId)).toEqual(['second', 'first']);
    // A prize is a "slow" fact (a week): one day of seven gone, and none.
    expect(found.map((f) => f.kind)).toEqual(['slow', 'slow']);
    expect(found[0]!.score).toBe(1);
    expect(found[1]!.score).toBeCloseTo(6 / 7, 6);
  });

  it('keeps nothing from a search without a usable result, and cleans what it keeps', async () => {
    const memory = createSearchMemory({ botId: 'elena' });
    expect(
      await memory.remember({
        ...astana,
        results: [{ title: 'x', url: 'javascript:alert(1)', snippet: '' }],
      }),
    ).toBe(undefined);
    const kept = await memory.remember({
      ...astana,
      results: [
        { title: '<b>Astana</b>\u001b[31m', url: 'https://astana.example/', snippet: 'capital &amp; city' },
      ],
    });
    expect(kept!.sources).toEqual([
      { title: 'Astana', url: 'https://astana.example/', snippet: 'capital & city' },
    ]);
  });

  it('applies retention by count and by age', async () => {
    let clock = Date.parse('2026-11-01T00:00:00Z');
    const memory = createSearchMemory({
      botId: 'elena',
      retention: { maxFindings: 2, maxAgeMs: 10 * 86_400_000 },
      // Retention alone: no finding goes stale for its kind within these days.
      freshness: () => 'stable',
      now: () => clock,
    });
    for (const topic of ['alpha', 'bravo', 'charlie']) {
      await memory.remember({ ...astana, query: 'capital of Kazakhstan', userId: topic });
      clock += 86_400_000;
    }
    const users = async (options = {}) =>
      (await memory.recall('capital of Kazakhstan', { limit: 10, ...options })).map((f) => f.userId);
    expect(await users()).toEqual(['charlie', 'bravo']);
    clock += 9 * 86_400_000;
    expect(await users()).toEqual(['charlie']);
    expect(await users({ maxAgeMs: 86_400_000 })).toEqual([]);
  });

  it('shares findings between bots on one store by scope, and forgets a user everywhere', async () => {
    const store = new MemoryFindingStore();
    const elena = createSearchMemory({ botId: 'elena', botName: 'Elena', scope: 'shared', store });
    const dotty = createSearchMemory({ botId: 'dotty', botName: 'Dotty', store });
    const secret = createSearchMemory({ botId: 'jake', store });
    await elena.remember(nobel);
    await secret.remember({ ...astana, userId: 'ana' });
    await dotty.remember(astana);

    expect((await dotty.recall('nobel prize chemistry 2024')).map((f) => f.botName)).toEqual(['Elena']);
    // Ana asked Elena, not Dotty: her id stays with Elena.
    expect((await dotty.recall('nobel prize chemistry 2024'))[0]).not.toHaveProperty('userId');
    expect((await elena.recall('nobel prize chemistry 2024'))[0]!.userId).toBe('ana');
    // Jake's findings are private: Dotty finds only her own.
    expect((await dotty.recall('capital kazakhstan')).map((f) => f.botId)).toEqual(['dotty']);
    expect((await elena.recall('capital kazakhstan')).map((f) => f.botId)).toEqual([]);

    expect(await dotty.forgetUser('ana')).toBe(2);
    expect(await dotty.recall('nobel prize chemistry 2024')).toEqual([]);
    expect(await secret.recall('capital kazakhstan')).toEqual([]);
    expect((await dotty.recall('capital kazakhstan')).map((f) => f.userId)).toEqual(['mark']);
  });

  it('rejects a bot id that cannot name a key', () => {
    expect(() => createSearchMemory({ botId: 'a b' })).toThrow(/botId/);
  });
});

describe('forgetUser with other holders of the user’s data (alsoForget)', () => {
  it('forgets in each of them too, and counts the findings', async () => {
    const asked: string[] = [];
    const cache = {
      forgetUser: async (userId: string) => {
        asked.push(userId);
        return 3;
      },
    };
    const memory = createSearchMemory({ botId: 'elena', alsoForget: [cache] });
    await memory.remember({ ...astana, userId: 'ana' });
    expect(await memory.forgetUser('ana')).toBe(1);
    expect(asked).toEqual(['ana']);
  });

  it('rejects when one of them cannot forget: a forget must not look done', async () => {
    const down = { forgetUser: async () => Promise.reject(new Error('Redis did not answer within 2000 ms')) };
    const memory = createSearchMemory({ botId: 'elena', alsoForget: [down] });
    await memory.remember({ ...astana, userId: 'ana' });
    await expect(memory.forgetUser('ana')).rejects.toThrow('Redis did not answer');
  });
});
