// A variable that is not read but is one edit away from one that is (TAVILY_KEY for TAVILY_API_KEY,
// SEARCH_PROVIDERS for SEARCH_PROVIDER_PRIORITY) is almost always a mistake that would otherwise be
// ignored in silence. Names are compared word by word (words are split at "_", case ignored, a trailing
// S ignored), so an edit is one word added, one word dropped, or one word mistyped by a letter (one
// letter added, dropped, changed, or two swapped). A name of one word, or over 100 characters, is never
// compared: it is someone else's variable.

const MAX_NAME = 100;

function wordsOf(name: string): string[] {
  return name
    .toUpperCase()
    .split('_')
    .filter((w) => w !== '');
}

function singular(word: string): string {
  return word.length > 3 && word.endsWith('S') ? word.slice(0, -1) : word;
}

function sameWord(a: string, b: string): boolean {
  return a === b || singular(a) === singular(b);
}

/** One letter added, dropped, changed, or two neighbours swapped, in a word of three letters or more. */
function oneLetterApart(a: string, b: string): boolean {
  if (Math.min(a.length, b.length) < 2 || Math.max(a.length, b.length) < 3) return false;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const tail = (x: string, from: number) => x.slice(from);
  if (a.length === b.length) {
    // changed, or swapped with the next letter
    if (tail(a, i + 1) === tail(b, i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && tail(a, i + 2) === tail(b, i + 2);
  }
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  return tail(longer, i + 1) === tail(shorter, i);
}

function oneWordApart(name: readonly string[], known: readonly string[]): boolean {
  if (name.length === known.length) {
    let edits = 0;
    for (const [i, word] of name.entries()) {
      if (sameWord(word, known[i]!)) continue;
      if (!oneLetterApart(word, known[i]!)) return false;
      edits++;
    }
    return edits <= 1;
  }
  if (Math.abs(name.length - known.length) !== 1) return false;
  const [longer, shorter] = name.length > known.length ? [name, known] : [known, name];
  if (shorter.length < 2) return false;
  // One word of the longer left out must leave the shorter.
  for (let skip = 0; skip < longer.length; skip++) {
    const rest = longer.filter((_, i) => i !== skip);
    if (rest.every((w, i) => sameWord(w, shorter[i]!))) return true;
  }
  return false;
}

/**
 * The known variable `name` was probably meant as, when it is not itself known and is one edit away from
 * one (the first in `known`'s order); undefined otherwise.
 */
export function meantVariable(name: string, known: readonly string[]): string | undefined {
  if (name.length > MAX_NAME || known.includes(name)) return undefined;
  const words = wordsOf(name);
  if (words.length < 2) return undefined;
  // Only the case differs: `tavily_api_key`.
  const upper = name.toUpperCase();
  const sameLetters = known.find((k) => k === upper);
  if (sameLetters) return sameLetters;
  return known.find((k) => oneWordApart(words, wordsOf(k)));
}
