// The index's tokenizer, by hand: `text.split(/[\n\r\p{Z}\p{P}]+/u)` (minisearch's) costs twice as much, and
// a first load tokenizes every stored finding. ASCII is looked up in a table; other characters are tested
// one code point at a time with the same character class, so the words are exactly the split's.

const SEPARATOR = /[\n\r\p{Z}\p{P}]/uy;
const ASCII_SEPARATOR = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  if (SEPARATOR.test(String.fromCharCode(code))) ASCII_SEPARATOR[code] = 1;
  SEPARATOR.lastIndex = 0;
}

/** Length of the separator (a space or punctuation character) at `at`, or 0. */
function separatorAt(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code < 128) return ASCII_SEPARATOR[code]!;
  SEPARATOR.lastIndex = at;
  return SEPARATOR.test(text) ? SEPARATOR.lastIndex - at : 0;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** `visitWords`' answer: `words` would also give an empty first word, an empty last word. */
export const EMPTY_FIRST = 1;
export const EMPTY_LAST = 2;

/**
 * `words(text)` without the substrings: calls `visit(text, start, end)` for each word that is not empty,
 * in order, and says which empty words `words` would add (an empty text: both bits, for its one word).
 * A caller that only looks words up (the index, loading thousands of findings) need not make a string
 * for each. Linear in the text.
 */
export function visitWords(text: string, visit: (text: string, start: number, end: number) => void): number {
  if (text.length === 0) return EMPTY_FIRST | EMPTY_LAST;
  let edges = 0;
  let start = 0;
  let at = 0;
  while (at < text.length) {
    let length = separatorAt(text, at);
    if (length === 0) {
      // A surrogate pair is one code point: its second half is never tested on its own.
      at += isHighSurrogate(text.charCodeAt(at)) && isLowSurrogate(text.charCodeAt(at + 1)) ? 2 : 1;
      continue;
    }
    if (at > start) visit(text, start, at);
    else edges |= EMPTY_FIRST; // only at the start: a run of separators is skipped whole below
    while (length > 0) {
      at += length;
      length = at < text.length ? separatorAt(text, at) : 0;
    }
    start = at;
  }
  if (start < text.length) visit(text, start, text.length);
  else edges |= EMPTY_LAST;
  return edges;
}

/**
 * The text cut at every run of spaces, line breaks and punctuation, like `split`: a text that starts or
 * ends with one gives an empty first or last word, an empty text one empty word.
 */
export function words(text: string): string[] {
  const found: string[] = [];
  const edges = visitWords(text, (_, start, end) => {
    found.push(text.slice(start, end));
  });
  if (text.length === 0) return [''];
  if (edges & EMPTY_FIRST) found.unshift('');
  if (edges & EMPTY_LAST) found.push('');
  return found;
}
