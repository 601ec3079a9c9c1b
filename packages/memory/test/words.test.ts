import { seededRandom } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { words } from '../src/words.ts';

// The tokenizer must cut exactly where minisearch's split does, or scores drift from what recall ranked by.
const SPLIT = /[\n\r\p{Z}\p{P}]+/u;

// Letters, ASCII punctuation and symbols, Unicode spaces and punctuation, astral punctuation and letters,
// lone and paired surrogates.
const PIECES = [
  'a',
  'Z',
  '7',
  ' ',
  ',',
  '.',
  '-',
  '_',
  '$',
  '+',
  '<',
  '|',
  '~',
  '\n',
  '\r',
  '\t',
  '\u00a0',
  '\u2003',
  '\u3000',
  '\u2028',
  '…',
  '—',
  '¡',
  '«',
  '»',
  '、',
  '。',
  'é',
  'ß',
  'Ж',
  '中',
  '😀',
  '𐄀',
  '𝐀',
  '\ud800',
  '\udc00',
  '\ud83d',
  '\ude00',
];

describe('words', () => {
  it('cuts where the split does', () => {
    for (const text of [
      '',
      ' ',
      'a',
      ' a ',
      'a, b',
      '¡hola, señor!',
      'x\u00a0y',
      '𐄀a𐄀',
      'a\ud800',
      '\udc00,',
    ]) {
      expect(words(text)).toEqual(text.split(SPLIT));
    }
    const random = seededRandom(24);
    for (let n = 0; n < 2_000; n++) {
      let text = '';
      const length = Math.floor(random() * 30);
      for (let i = 0; i < length; i++) text += PIECES[Math.floor(random() * PIECES.length)];
      expect(words(text), JSON.stringify(text)).toEqual(text.split(SPLIT));
    }
  });

  // Quadratic on 500,000 characters would run for hours, far past the hang bound a test fails at; how
  // fast it is on a given machine is not a test's verdict.
  it('splits half a megabyte of separators and a lone surrogate like the reference split', () => {
    const text = `${'a, '.repeat(100_000)}\ud800${'…\u3000'.repeat(100_000)}`;
    expect(words(text)).toEqual(text.split(SPLIT));
  });
});
