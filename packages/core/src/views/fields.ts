// Helpers shared by the views: every field a view prints goes through one of these.
import { plainText, printableText } from '../text.ts';

// Characters XML 1.0 forbids, plus controls, zero-width and line/paragraph separators no reader needs.
const UNPRINTABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\uFEFF\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

/**
 * One line of printable text (a view may be handed results that never passed through a provider's
 * normalization: a cache, a caller's own): core's `printableText`, XML-forbidden characters removed,
 * whitespace collapsed. Markup is kept, for views that escape it.
 */
export function oneLine(value: unknown): string {
  if (typeof value !== 'string') return '';
  return printableText(value).replace(UNPRINTABLE, '').replace(/\s+/gu, ' ').trim();
}

/** One line of plain text for a reader that does not escape (a model, a terminal): see `plainText`. */
export function plainLine(value: unknown): string {
  return typeof value === 'string' ? oneLine(plainText(value)) : '';
}

/** "YYYY-MM-DD" (UTC) of a date, epoch milliseconds or ISO string; undefined when it is not a date. */
export function isoDay(value: Date | number | string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}
