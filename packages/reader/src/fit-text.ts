import { cutText } from './cut-text.ts';

/** Characters per token assumed for a budget in tokens: English prose in the common tokenizers. */
export const CHARS_PER_TOKEN = 4;

/** What part of a page's text a read returns. */
export interface TextWindow {
  /** Longest text returned, in characters, the note at the cut included. */
  maxChars: number;
  /** Where in the page's text to start, in characters (a `nextOffset` or a passage's offset). */
  offset: number;
}

/** What is known of the page's whole text when only its beginning was cleaned. */
export interface TextExtent {
  /** Length of the whole text: exact when `complete`, else an estimate. */
  totalChars: number;
  /** False when the text given is the beginning of the page's text only. */
  complete: boolean;
}

/** The part of a page's text a read returns, and where the rest is. */
export interface FittedText {
  text: string;
  /** True when `text` is not the whole of the page's text from the offset on. */
  truncated: boolean;
  /** Where the next read starts to go on from the cut; undefined when nothing follows. */
  nextOffset?: number;
}

// The note is kept only when it leaves room for text; a budget of a few dozen characters is cut bare.
const MIN_TEXT_WITH_NOTE = 40;

/**
 * The note at a cut: how much is left (an estimate, said so, when only the page's beginning was cleaned)
 * and how to read it, in words a model acts on.
 */
export function cutNote(remaining: number, total: number, nextOffset: number, exact = true): string {
  const tokens = Math.ceil(remaining / CHARS_PER_TOKEN);
  const about = exact ? '' : 'about ';
  return `[Cut here: ${about}${remaining} more characters (about ${tokens} tokens) of ${about}${total} follow. To read on, call again with offset ${nextOffset}.]`;
}

/** A note as long as the longest `cutNote` for a text of `total` characters. */
function noteRoom(total: number): number {
  const digits = String(total).length;
  const widest = 10 ** digits - 1;
  return cutNote(widest, widest, widest, false).length + 2;
}

/** The offset after `end`'s whitespace: where the next read's first word is. */
function skipSpace(text: string, end: number): number {
  let at = end;
  while (at < text.length && /\s/.test(text[at] ?? '')) at++;
  return at;
}

/** `text` without a heading as its last paragraph: a heading belongs with the text it opens. */
function withoutTrailingHeading(text: string): string {
  const last = text.lastIndexOf('\n\n');
  return last > 0 && /^#{1,6} /.test(text.slice(last + 2)) ? text.slice(0, last) : text;
}

/**
 * `full` from `offset`, within `maxChars`: whole when it fits, else cut on a paragraph boundary and ended
 * with a note saying how much is left and the offset to read on from, the note within `maxChars` too.
 */
export function fitText(
  full: string,
  { maxChars, offset }: TextWindow,
  { totalChars, complete }: TextExtent = { totalChars: full.length, complete: true },
): FittedText {
  if (complete && offset >= full.length) {
    return {
      text: `[The page's text ends at character ${full.length}; nothing follows offset ${offset}.]`,
      truncated: false,
    };
  }
  const start = skipSpace(full, offset);
  const rest = full.slice(start);
  if (rest.length <= maxChars) {
    // Only the page's beginning was cleaned, and it ends here: the rest is read from its end.
    return complete
      ? { text: rest, truncated: false }
      : { text: rest, truncated: true, nextOffset: full.length };
  }
  const room = maxChars - noteRoom(totalChars);
  if (room < MIN_TEXT_WITH_NOTE) {
    const bare = cutText(rest, maxChars);
    return { text: bare.text, truncated: true, nextOffset: skipSpace(full, start + bare.text.length) };
  }
  const kept = withoutTrailingHeading(cutText(rest, room).text);
  const nextOffset = skipSpace(full, start + kept.length);
  return {
    text: `${kept}\n\n${cutNote(Math.max(0, totalChars - nextOffset), totalChars, nextOffset, complete)}`,
    truncated: true,
    nextOffset,
  };
}
