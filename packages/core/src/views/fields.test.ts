import { describe, expect, it } from 'vitest';
import { oneLine, plainLine } from './fields.ts';

// Text that makes every step run and is itself removed whole: an inline tag for `plainLine` (tags go without
// a space), a zero-width space for `oneLine` (it keeps markup, and drops invisible characters). Prefixed to a
// field, it takes the field through the full cleaning and leaves the same text, so the two must agree.
const fullPlain = (text: string) => plainLine(`<b></b>${text}`);
const fullOne = (text: string) => oneLine(`\u200B${text}`);

describe('the views skip cleaning only text that cleaning would not change', () => {
  it('agrees with the full cleaning for every BMP character, alone and between letters', () => {
    const disagreements: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const c = String.fromCharCode(code);
      for (const text of [c, `a${c}b`, `${c} x`]) {
        if (plainLine(text) !== fullPlain(text) || oneLine(text) !== fullOne(text)) {
          disagreements.push(code.toString(16));
          break;
        }
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('agrees with the full cleaning on random text of spaces, markup, entities and brackets', () => {
    const alphabet = [
      ...'ab c  d\t\n<>&;[]1\\-/é中',
      '\u00A0',
      '\u{1F600}',
      '&amp;',
      '<i>',
      '[2]',
      '\u001B[31m',
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 5_000; i++) {
      let text = '';
      const length = Math.floor(next() * 12);
      for (let j = 0; j < length; j++) text += alphabet[Math.floor(next() * alphabet.length)];
      expect(plainLine(text), JSON.stringify(text)).toBe(fullPlain(text));
      expect(oneLine(text), JSON.stringify(text)).toBe(fullOne(text));
    }
  });

  it('returns clean text as it is', () => {
    const title = 'Heat Pump Systems | Department of Energy (2025) — “quoted”, café, 東京';
    expect(plainLine(title)).toBe(title);
    expect(oneLine(title)).toBe(title);
  });
});
