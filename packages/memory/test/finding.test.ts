import { seededRandom } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { fitForStorage, MAX_STORED_FINDING_CHARS, parseFinding } from '../src/finding.ts';

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

  it('reads dates as Date reads them, in the form toISOString writes', () => {
    // The reference: what parsing went through before values already in toISOString's form skipped Date.
    const reference = (value: string) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/.test(value) && !Number.isNaN(Date.parse(value))
        ? new Date(value).toISOString()
        : undefined;
    const random = seededRandom(5);
    const two = (max: number) => String(Math.floor(random() * max)).padStart(2, '0');
    let canonical = 0;
    for (let i = 0; i < 20_000; i++) {
      // Years around the leap rules, days and times a little past their ranges, fractions of 0-4 digits.
      const year =
        [1900, 2000, 2024, 2026, 2100, 9999, 0][Math.floor(random() * 7)]! + (random() < 0.3 ? 1 : 0);
      const fraction = ['', '.5', '.123', '.1234', '.999'][Math.floor(random() * 5)];
      const value = `${String(year).padStart(4, '0')}-${two(14)}-${two(33)}T${two(26)}:${two(61)}:${two(61)}${fraction}Z`;
      const expected = reference(value);
      const finding = parseFinding({ ...stored, learnedAt: value, expiresAt: value });
      expect(finding?.learnedAt, value).toBe(expected);
      expect(finding?.expiresAt, value).toBe(expected);
      if (expected === value) canonical++;
    }
    expect(canonical).toBeGreaterThan(1_000);
  });
});

describe('fitForStorage: one size limit, kept by the writer', () => {
  const base = {
    id: 'f1',
    query: 'heat pump facts',
    provider: 'facts',
    learnedAt: '2026-11-20T10:00:00.000Z',
    botId: 'elena',
    botName: 'Elena',
    scope: 'shared' as const,
  };

  it('drops facts, then sources, from the end until every reader would take it', () => {
    // Quotes double in JSON: at the readers' own field limits, this stores at over 64 KB.
    const finding = {
      ...base,
      sources: Array.from({ length: 10 }, (_, i) => ({
        title: `${'"'.repeat(590)}${i}`,
        url: `https://example.com/${i}/${'a'.repeat(2_000)}`,
        snippet: '',
      })),
      facts: Array.from({ length: 20 }, (_, i) => ({ text: `${i} ${'"'.repeat(990)}`, confidence: 0.9 })),
    };
    expect(JSON.stringify(finding).length).toBeGreaterThan(MAX_STORED_FINDING_CHARS);
    const fitted = fitForStorage(finding);
    expect(fitted).toBeDefined();
    expect(JSON.stringify(fitted).length).toBeLessThanOrEqual(MAX_STORED_FINDING_CHARS);
    expect(fitted!.facts!.length).toBeLessThan(20);
    expect(fitted!.facts!.map((f) => f.text.slice(0, 2))).toEqual(
      finding.facts.slice(0, fitted!.facts!.length).map((f) => f.text.slice(0, 2)),
    );
    // What the writer keeps is what a reader makes of it.
    expect(parseFinding(JSON.parse(JSON.stringify(fitted)))).toEqual(fitted);
  });

  it('keeps a finding within the limit as every reader reads it, and refuses one no reader takes', () => {
    const finding = { ...base, sources: [{ title: 'T', url: 'https://example.com/', snippet: 'S' }] };
    expect(fitForStorage(finding)).toEqual(parseFinding(finding));
    expect(
      fitForStorage({ ...finding, sources: [{ ...finding.sources[0]!, url: 'javascript:alert(1)' }] }),
    ).toBeUndefined();
  });
});
