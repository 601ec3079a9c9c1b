/** Slots a lookup probes before it asks the overflow map: a bound on the work of one lookup. */
export const MAX_PROBES = 8;
export const INITIAL_SLOTS = 1_024;

/**
 * A seed per process: which words share a hash cannot be known in advance. Drawn on the first table, not at
 * import: Cloudflare Workers refuse random values in a module's global scope, and Web Crypto is everywhere.
 */
let processSeed: number | undefined;
function defaultSeed(): number {
  processSeed ??= crypto.getRandomValues(new Uint32Array(1))[0]! >>> 1;
  return processSeed;
}

/** FNV-1a over the UTF-16 code units of `text` from `start` to `end`, seeded, then mixed. */
export function hashOf(text: string, start: number, end: number, seed: number): number {
  let h = seed ^ 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 12);
}

function sameWord(word: string, text: string, start: number, end: number): boolean {
  if (word.length !== end - start) return false;
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) !== text.charCodeAt(start + i)) return false;
  return true;
}

/**
 * Words → values, looked up by where a word lies in a text: the index looks up every word of every
 * finding a load reads (hundreds of thousands), and a substring per occurrence, to ask a `Map`, made
 * most of a first load's garbage. A word becomes a string once, when it is added. Open addressing on a
 * seeded hash; a lookup probes at most `MAX_PROBES` slots, and a word that finds none free (many words
 * of one hash: a text made to collide) goes to a `Map` instead, so no text makes a lookup cost more.
 */
export class WordTable<T> {
  #words: (string | undefined)[] = [];
  #hashes = new Int32Array(0);
  #values: (T | undefined)[] = [];
  #mask = -1;
  #count = 0;
  readonly #overflow = new Map<string, T>();
  readonly #seed: number;

  /** `seed`: for tests, which must know the hashes; by default one drawn at random per process. */
  constructor(seed: number = defaultSeed()) {
    this.#seed = seed;
    this.#allocate(INITIAL_SLOTS);
  }

  get size(): number {
    return this.#count + this.#overflow.size;
  }

  /** The value of the word at `text[start..end)`, or undefined. */
  get(text: string, start: number, end: number): T | undefined {
    const hash = hashOf(text, start, end, this.#seed);
    for (
      let probe = 0, slot = hash & this.#mask;
      probe < MAX_PROBES;
      probe++, slot = (slot + 1) & this.#mask
    ) {
      const word = this.#words[slot];
      if (word === undefined) break;
      if (this.#hashes[slot] === hash && sameWord(word, text, start, end)) return this.#values[slot];
    }
    // Only after a text made to collide: a word that found no free slot, then or before the table grew.
    return this.#overflow.size === 0 ? undefined : this.#overflow.get(text.slice(start, end));
  }

  /** Adds a word `get` did not find. */
  add(word: string, value: T): void {
    if ((this.#count + 1) * 2 > this.#words.length) this.#grow();
    this.#keep(word, hashOf(word, 0, word.length, this.#seed), value);
  }

  clear(): void {
    this.#allocate(INITIAL_SLOTS);
    this.#overflow.clear();
  }

  /** Puts the word in the first free slot of its probe sequence; false when there is none. */
  #place(word: string, hash: number, value: T): boolean {
    for (
      let probe = 0, slot = hash & this.#mask;
      probe < MAX_PROBES;
      probe++, slot = (slot + 1) & this.#mask
    ) {
      if (this.#words[slot] !== undefined) continue;
      this.#words[slot] = word;
      this.#hashes[slot] = hash;
      this.#values[slot] = value;
      this.#count++;
      return true;
    }
    return false;
  }

  #allocate(slots: number): void {
    this.#words = new Array<string | undefined>(slots).fill(undefined);
    this.#hashes = new Int32Array(slots);
    this.#values = new Array<T | undefined>(slots).fill(undefined);
    this.#mask = slots - 1;
    this.#count = 0;
  }

  /** In the table if a slot of its probe sequence is free, else in the overflow map. */
  #keep(word: string, hash: number, value: T): void {
    if (!this.#place(word, hash, value)) this.#overflow.set(word, value);
  }

  /** Twice the slots; every word placed again, the overflow's too (more of them may fit now). */
  #grow(): void {
    const words = this.#words;
    const hashes = this.#hashes;
    const values = this.#values;
    const overflow = [...this.#overflow];
    this.#overflow.clear();
    this.#allocate(words.length * 2);
    for (let slot = 0; slot < words.length; slot++) {
      const word = words[slot];
      if (word !== undefined) this.#keep(word, hashes[slot]!, values[slot]!);
    }
    for (const [word, value] of overflow) this.#keep(word, hashOf(word, 0, word.length, this.#seed), value);
  }
}
