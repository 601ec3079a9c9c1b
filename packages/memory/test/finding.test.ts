import { cleanText } from '@agent-search/core';
import { describe, expect, it } from 'vitest';
import { cleanStored } from '../src/finding.ts';

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
