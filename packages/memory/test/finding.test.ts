import { cleanText } from '@agent-search/core';
import { describe, expect, it } from 'vitest';
import { cleanStored, parseFinding } from '../src/finding.ts';

/** A deterministic pseudo-random stream (mulberry32). */
function stream(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// Words, and every kind of thing cleanText removes or rewrites: markup, comments, entities, citation marks
// (plain, full-width, escaped), terminal escapes, controls, bidirectional and zero-width characters, lone
// and paired surrogates, whitespace of every kind.
const PIECES = [
  'capital',
  'of',
  'Kazakhstan',
  '2024',
  ' ',
  ' ',
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\u00a0',
  '\u2003',
  '\u3000',
  '\u2028',
  '\u1680',
  '\u202f',
  '<b>',
  '</b>',
  '<p>',
  '<script>',
  '<!--',
  '-->',
  '<',
  '>',
  '&amp;',
  '&lt;',
  '&#65;',
  '&',
  '[1]',
  '［2］',
  '\\[3\\]',
  '[',
  ']',
  '\u001b[31m',
  '\u009b',
  '\u001b]0;x\u0007',
  '\u0000',
  '\u007f',
  '\u0085',
  '\u200b',
  '\u200e',
  '\u202e',
  '\u2066',
  '\u061c',
  '\ufeff',
  '\ud800',
  '\udc00',
  '😀',
  'é',
  '中',
  '…',
  '—',
  '"',
  "'",
  ':',
  '.',
  ',',
];

describe('cleanStored', () => {
  it('gives what cleanText gives, for any text', () => {
    const random = stream(7);
    for (let n = 0; n < 20_000; n++) {
      let text = '';
      const pieces = Math.floor(random() * 12);
      for (let i = 0; i < pieces; i++) text += PIECES[Math.floor(random() * PIECES.length)];
      const max = [5, 20, 80][n % 3]!;
      expect(cleanStored(text, max), JSON.stringify(text)).toBe(cleanText(text, max));
    }
  });

  it('passes text cleanText wrote through untouched, and cuts what is over its limit', () => {
    const title = cleanText('The <b>capital</b> of Kazakhstan &mdash; Astana [1]', 300);
    expect(cleanStored(title, 300)).toBe(title);
    expect(cleanStored('a'.repeat(40), 20)).toBe(cleanText('a'.repeat(40), 20));
    expect(cleanStored('a'.repeat(40), 20)).toHaveLength(20);
  });
});

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
