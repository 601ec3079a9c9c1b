// Helpers shared by the views: every field a view prints goes through one of these.

// Characters XML 1.0 forbids, plus controls, zero-width and line/paragraph separators no reader needs.
const UNPRINTABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\uFEFF\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

/** One line of printable text: controls and lone surrogates removed, whitespace collapsed. */
export function oneLine(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value.replace(UNPRINTABLE, '').replace(/\s+/gu, ' ').trim();
}

/** "YYYY-MM-DD" (UTC) of a date, epoch milliseconds or ISO string; undefined when it is not a date. */
export function isoDay(value: Date | number | string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}
