import { cutText } from './cut-text.ts';
import type { FittedText } from './fit-text.ts';

/** One passage of a page's text: where it starts and how long it is, in characters of that text. */
export interface Passage {
  offset: number;
  length: number;
}

/** The passages that best answer a question, best first, within a budget. */
export interface RankedText extends FittedText {
  passages: Passage[];
}

// A passage is a run of paragraphs of about this many characters: long enough to hold an answer with
// its context, short enough that a few fit a voice agent's budget.
const PASSAGE_CHARS = 600;
// Past this many passages the page's tail is not ranked: a bound on the work, whatever the page.
const MAX_PASSAGES = 5_000;
// BM25's usual constants (Robertson & Zaragoza): term frequency saturation and length normalisation.
const K1 = 1.2;
const B = 0.75;

const STOPWORDS = new Set(
  (
    'a an and are as at be by can did do does for from had has have how i if in into is it its of on or ' +
    'that the their there these this those to was were what when where which who whom why will with ' +
    'would you your about after before than then they them we our not no yes'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}]+/gu;
// Scripts written without spaces: a run of them is one "word" to WORD, so it is read as character pairs.
const UNSPACED = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]+$/u;

/**
 * The terms of `text`: lowercased words without stop words or single letters ("s" of "keeper's"), their
 * commonest English endings removed; runs of unspaced scripts (Chinese, Japanese) as character pairs.
 */
export function terms(text: string): string[] {
  const found: string[] = [];
  for (const [word] of text.toLowerCase().matchAll(WORD)) {
    if (UNSPACED.test(word)) {
      if (word.length === 1) found.push(word);
      for (let i = 0; i + 1 < word.length; i++) found.push(word.slice(i, i + 2));
      continue;
    }
    if (word.length < 2 || STOPWORDS.has(word)) continue;
    found.push(word.length > 4 ? word.replace(/(?:ing|ed|es|s)$/, '') : word);
  }
  return found;
}

/** `text` split into passages: paragraphs joined until each holds about `PASSAGE_CHARS` characters. */
export function splitPassages(text: string): Passage[] {
  const passages: Passage[] = [];
  let start = -1;
  let end = 0;
  const blocks = /[^\n]+(?:\n[^\n]+)*/g;
  for (const block of text.matchAll(blocks)) {
    if (start === -1) start = block.index;
    end = block.index + block[0].length;
    // A heading opens the passage after it, so it is never left at the end of the one before.
    const heading = /^#{1,6} /.test(block[0]);
    if (end - start >= PASSAGE_CHARS && !heading) {
      passages.push({ offset: start, length: end - start });
      start = -1;
      if (passages.length >= MAX_PASSAGES) return passages;
    }
  }
  if (start !== -1) passages.push({ offset: start, length: end - start });
  return passages;
}

/** BM25 scores of `passages` of `text` for `question`'s terms. */
function scores(text: string, passages: Passage[], question: string): number[] {
  const asked = [...new Set(terms(question))];
  const counts = passages.map((passage) => {
    const count = new Map<string, number>();
    for (const term of terms(text.slice(passage.offset, passage.offset + passage.length))) {
      count.set(term, (count.get(term) ?? 0) + 1);
    }
    return count;
  });
  const lengths = counts.map((count) => [...count.values()].reduce((sum, n) => sum + n, 0));
  const average = lengths.reduce((sum, n) => sum + n, 0) / Math.max(1, lengths.length);
  const idf = new Map(
    asked.map((term) => {
      const holding = counts.filter((count) => count.has(term)).length;
      return [term, Math.log(1 + (passages.length - holding + 0.5) / (holding + 0.5))];
    }),
  );
  return counts.map((count, i) => {
    const norm = K1 * (1 - B + (B * (lengths[i] ?? 0)) / Math.max(1, average));
    let score = 0;
    for (const term of asked) {
      const tf = count.get(term) ?? 0;
      if (tf > 0) score += ((idf.get(term) ?? 0) * tf * (K1 + 1)) / (tf + norm);
    }
    return score;
  });
}

const header = (passage: Passage) => `[Passage at offset ${passage.offset}]\n`;

/**
 * The passages of `text` that best answer `question` (BM25, no model), best first, each headed by its
 * offset so a model can read on from it, as many as fit `maxChars`; a closing note says how many were
 * left out. Undefined when no passage shares a word with the question.
 */
export function rankPassages(text: string, question: string, maxChars: number): RankedText | undefined {
  const passages = splitPassages(text);
  const scored = scores(text, passages, question);
  const ranked = passages
    .map((passage, i) => ({ passage, score: scored[i] ?? 0 }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.passage.offset - b.passage.offset);
  if (ranked.length === 0) return undefined;
  const closing = (shown: number) =>
    `[${shown} of ${passages.length} passages shown, best match first; call again with a passage's offset and no question to read on from it.]`;
  const room = maxChars - closing(passages.length).length - 2;
  const parts: string[] = [];
  const shown: Passage[] = [];
  let used = 0;
  let cutOne = false;
  for (const { passage } of ranked) {
    const head = header(passage);
    const body = text.slice(passage.offset, passage.offset + passage.length);
    const cost = head.length + body.length + 2;
    if (used + cost > room) {
      // The best passage is always given, cut to the budget if it must be; later ones only whole.
      if (shown.length === 0 && room - head.length > 0) {
        const cut = cutText(body, room - head.length).text;
        parts.push(`${head}${cut}`);
        shown.push({ offset: passage.offset, length: cut.length });
        cutOne = true;
      }
      break;
    }
    parts.push(`${head}${body}`);
    shown.push(passage);
    used += cost;
  }
  return {
    text: `${parts.join('\n\n')}\n\n${closing(shown.length)}`,
    truncated: cutOne || shown.length < passages.length,
    passages: shown,
  };
}
