// Helpers shared by the views: every field a view prints goes through one of these.
import { plainText, printableText } from '../text.ts';

// Characters XML 1.0 forbids, plus controls, zero-width and line/paragraph separators no reader needs.
const UNPRINTABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\uFEFF\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

// Every character any step of `oneLine` or `plainLine` acts on (markup, entities, citation brackets,
// controls and escape sequences, invisible and bidirectional characters, surrogates, whitespace other than
// a single space), and the spaces they would collapse or trim. Most fields a provider cleaned already have
// none of them, and the dozen passes that would each change nothing are skipped: they are most of a view's time.
const MAY_CHANGE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: controls are among what it looks for
  /[<&[［\u0000-\u001F\u007F-\u00A0\u061C\u1680\u180E\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\uD800-\uDFFF\uFEFF\uFFFE\uFFFF]| {2}|^ | $/;

/**
 * One line of printable text (a view may be handed results that never passed through a provider's
 * normalization: a cache, a caller's own): core's `printableText`, XML-forbidden characters removed,
 * whitespace collapsed. Markup is kept, for views that escape it.
 */
export function oneLine(value: unknown): string {
  if (typeof value !== 'string') return '';
  if (!MAY_CHANGE.test(value)) return value;
  return printableText(value).replace(UNPRINTABLE, '').replace(/\s+/gu, ' ').trim();
}

/** One line of plain text for a reader that does not escape (a model, a terminal): see `plainText`. */
export function plainLine(value: unknown): string {
  if (typeof value !== 'string') return '';
  return MAY_CHANGE.test(value) ? oneLine(plainText(value)) : value;
}

/** "YYYY-MM-DD" (UTC) of a date, epoch milliseconds or ISO string; undefined when it is not a date. */
export function isoDay(value: Date | number | string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}
