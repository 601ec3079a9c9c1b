import { seededRandom } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { hashOf, INITIAL_SLOTS, MAX_PROBES, WordTable } from '../src/word-table.ts';

const ALPHABET = ['a', 'b', 'k', 'z', 'A', '7', 'é', 'ß', 'Ж', '中', '😀'];

describe('WordTable', () => {
  it('finds what a Map finds, by a word inside a text, as it grows and after clear', () => {
    const random = seededRandom(3);
    const word = () =>
      Array.from(
        { length: 1 + Math.floor(random() * 8) },
        () => ALPHABET[Math.floor(random() * ALPHABET.length)],
      ).join('');
    const table = new WordTable<number>();
    let reference = new Map<string, number>();
    for (let i = 0; i < 20_000; i++) {
      const w = word();
      // Looked up inside a longer text, as the index does: the characters around it are not its own.
      const text = `${word()} ${w} ${word()}`;
      const start = text.indexOf(` ${w} `) + 1;
      expect(table.get(text, start, start + w.length), w).toBe(reference.get(w));
      if (!reference.has(w)) {
        table.add(w, i);
        reference.set(w, i);
      }
      if (i === 10_000) {
        table.clear();
        reference = new Map();
      }
    }
    expect(table.size).toBe(reference.size);
    expect(table.get('', 0, 0)).toBeUndefined();
  });

  it('keeps words of one hash slot past the probe limit, and finds them after the table grows', () => {
    // Words that all start their probe at one slot, as a text made to collide would (the seed is known
    // here), at every size the table grows to below 65,536 slots.
    const seed = 12_345;
    const slot = (w: string) => hashOf(w, 0, w.length, seed) & 0xffff;
    const colliding: string[] = [];
    for (let i = 0; colliding.length < MAX_PROBES * 3; i++) {
      if (slot(`w${i}`) === slot('w0')) colliding.push(`w${i}`);
    }
    const table = new WordTable<string>(seed);
    for (const w of colliding) table.add(w, w.toUpperCase());
    for (const w of colliding) expect(table.get(` ${w}.`, 1, w.length + 1), w).toBe(w.toUpperCase());
    // Enough other words to grow the table: every colliding word is still found.
    for (let i = 0; i < INITIAL_SLOTS * 2; i++) table.add(`other${i}`, `O${i}`);
    for (const w of colliding) expect(table.get(w, 0, w.length), w).toBe(w.toUpperCase());
    expect(table.get('other7', 0, 6)).toBe('O7');
    expect(table.get('w0x', 0, 3)).toBeUndefined();
    expect(table.size).toBe(colliding.length + INITIAL_SLOTS * 2);
  });
});
