// Helpers shared by the views: every field a view prints goes through one of these.
import {
  collapseWhitespace,
  isCleanLine,
  isPrintableLine,
  plainText,
  printableText,
  readIsoDateTime,
} from '../text.ts';

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
  // Most fields a provider cleaned already are clean lines: one scan, not a dozen passes that change nothing.
  if (isPrintableLine(value)) return value;
  return collapseWhitespace(printableText(value).replace(UNPRINTABLE, '')).trim();
}

/** One line of plain text for a reader that does not escape (a model, a terminal): see `plainText`. */
export function plainLine(value: unknown): string {
  if (typeof value !== 'string') return '';
  return isCleanLine(value) ? value : oneLine(plainText(value));
}

const DAY_MS = 86_400_000;
const MAX_TIME = 8.64e15;
// The day of the last time `isoDay` was asked about as a number (a view's "today"): the next call is most
// likely the same day, and is then answered without building a Date.
let lastDay = { from: 0, to: 0, day: '' };

/** "YYYY-MM-DD" (UTC) of a date, epoch milliseconds or ISO string; undefined when it is not a date. */
export function isoDay(value: Date | number | string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') {
    // A result's `publishedAt` as `toIsoDate` writes it ("…Z"): its first ten characters, without a Date.
    if (value.endsWith('Z') && !Number.isNaN(readIsoDateTime(value))) return value.slice(0, 10);
  } else {
    // A Date keeps a whole number of milliseconds; `new Date(n)` truncates a fraction (toward zero).
    const time = typeof value === 'number' ? value : value instanceof Date ? value.getTime() : Number.NaN;
    if (Number.isInteger(time) && time >= lastDay.from && time < lastDay.to) return lastDay.day;
  }
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return undefined;
  const day = date.toISOString().slice(0, 10);
  // Within the range a Date can hold (±8.64e15 ms): its first and last days are cut short.
  const from = Math.floor(time / DAY_MS) * DAY_MS;
  lastDay = { from: Math.max(from, -MAX_TIME), to: Math.min(from + DAY_MS, MAX_TIME + 1), day };
  return day;
}
