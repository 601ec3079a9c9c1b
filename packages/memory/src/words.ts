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

/**
 * The text cut at every run of spaces, line breaks and punctuation, like `split`: a text that starts or
 * ends with one gives an empty first or last word, an empty text one empty word. Linear in the text.
 */
export function words(text: string): string[] {
  const found: string[] = [];
  let start = 0;
  let at = 0;
  while (at < text.length) {
    let length = separatorAt(text, at);
    if (length === 0) {
      // A surrogate pair is one code point: its second half is never tested on its own.
      at += isHighSurrogate(text.charCodeAt(at)) && isLowSurrogate(text.charCodeAt(at + 1)) ? 2 : 1;
      continue;
    }
    const end = at;
    while (length > 0) {
      at += length;
      length = at < text.length ? separatorAt(text, at) : 0;
    }
    found.push(text.slice(start, end));
    start = at;
  }
  found.push(text.slice(start));
  return found;
}
