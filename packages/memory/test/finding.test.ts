import { describe, expect, it } from 'vitest';
import { parseFinding } from '../src/finding.ts';

describe('parseFinding', () => {
  const stored = {
    id: 'a1b2-c3',
    query: 'capital of Kazakhstan',
    sources: [
      { title: 'Astana - Wikipedia', url: 'https://en.wikipedia.org/wiki/Astana', snippet: 'Astana is…' },
    ],
    provider: 'duckduckgo',
    learnedAt: '2026-11-20T10:00:00.000Z',
    expiresAt: '2026-12-20T10:00:00.000Z',
    botId: 'elena',
    botName: 'Elena',
    userId: 'mark',
    scope: 'shared',
    facts: [{ text: 'Astana is the capital of Kazakhstan.', confidence: 0.9 }],
  };

  it('reads a finding as this package stores it, and only its own fields', () => {
    expect(parseFinding({ ...stored, extra: 'ignored' })).toEqual(stored);
    const { expiresAt: _, userId: __, facts: ___, ...minimal } = stored;
    expect(parseFinding(minimal)).toEqual(minimal);
  });

  it('rejects anything out of shape or over its bounds', () => {
    const source = stored.sources[0]!;
    const fact = stored.facts[0]!;
    const forged: Record<string, unknown>[] = [
      { id: 'a/b' },
      { id: 'x'.repeat(65) },
      { id: 7 },
      { query: '' },
      { query: 'q'.repeat(1_025) },
      { query: ['capital'] },
      { sources: 'https://example.com' },
      { sources: Array.from({ length: 11 }, () => source) },
      { sources: [null] },
      { sources: [[source.title, source.url, source.snippet]] },
      { sources: [{ ...source, title: 't'.repeat(601) }] },
      { sources: [{ ...source, url: `https://e.com/${'u'.repeat(2_048)}` }] },
      { sources: [{ ...source, snippet: 1 }] },
      { provider: 'p'.repeat(65) },
      { learnedAt: 'yesterday' },
      { learnedAt: '2026-11-20' },
      { learnedAt: '2026-11-20T10:00:00+02:00' },
      { learnedAt: '2026-13-20T10:00:00Z' },
      { learnedAt: 1_763_632_800_000 },
      { expiresAt: null },
      { botId: 'bot:elena' },
      { botName: 'n'.repeat(161) },
      { userId: 7 },
      { scope: 'public' },
      { facts: 'Astana' },
      { facts: Array.from({ length: 21 }, () => fact) },
      { facts: [{ ...fact, text: '' }] },
      { facts: [{ ...fact, confidence: 1.5 }] },
      { facts: [{ ...fact, confidence: '0.9' }] },
    ];
    for (const change of forged) {
      expect(parseFinding({ ...stored, ...change }), JSON.stringify(change).slice(0, 80)).toBeUndefined();
    }
    for (const value of [null, 'finding', 7, [stored]]) expect(parseFinding(value)).toBeUndefined();
  });
});
