import { NUMERAL, parseNumeral } from './numerals.ts';

/** A date written 2021年1月1日 or 二〇二一年一月一日 (either numerals), capturing year, month and day. */
export const CHINESE_DATE = `(${NUMERAL}{4})\\s*年\\s*(${NUMERAL}{1,3})\\s*月\\s*(${NUMERAL}{1,4})\\s*日`;
/** A date written 2021-01-01, 2021/1/1 or 2021.1.1. */
export const NUMERIC_DATE = '(\\d{4})[-/.](\\d{1,2})[-/.](\\d{1,2})';

/** "YYYY-MM-DD" from year, month and day numerals; undefined unless they make a real date. */
export function toIsoDay(year: string, month: string, day: string): string | undefined {
  const y = parseNumeral(year);
  const m = parseNumeral(month);
  const d = parseNumeral(day);
  if (y === undefined || m === undefined || d === undefined || y < 1949 || y > 2100) return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return date.toISOString().slice(0, 10);
}
