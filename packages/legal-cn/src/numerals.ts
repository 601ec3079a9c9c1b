const DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

/** Characters a number may be written with in statutes and judgments: Arabic or Chinese numerals. */
export const NUMERAL = '[0-9０-９零〇一二两三四五六七八九十百千万]';

/**
 * The value of an Arabic or Chinese numeral: "108", "一百零八", "十二", "二〇二三" (digit by digit, as
 * years are written). Undefined when `text` is not a number.
 */
export function parseNumeral(text: string): number | undefined {
  const value = text.trim().normalize('NFKC');
  if (/^\d+$/.test(value)) return Number(value);
  if (!/^[零〇一二两三四五六七八九十百千万]+$/.test(value)) return undefined;
  if (!/[十百千万]/.test(value)) return Number([...value].map((c) => DIGITS[c]).join(''));
  let total = 0;
  let section = 0;
  let digit: number | undefined;
  for (const c of value) {
    if (c in DIGITS) digit = DIGITS[c];
    else if (c === '万') {
      total += (section + (digit ?? 0)) * 10_000;
      section = 0;
      digit = undefined;
    } else {
      // "十二" starts with a bare 十: one ten.
      section += (digit ?? 1) * UNITS[c]!;
      digit = undefined;
    }
  }
  return total + section + (digit ?? 0);
}

const CHINESE_DIGITS = '零一二三四五六七八九';
const POSITION_UNITS = ['', '十', '百', '千'];

/** 108 → "一百零八", 10 → "十", 1260 → "一千二百六十": how statutes number their articles (1..9999). */
export function toChineseNumeral(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 9999) throw new RangeError(`${n} is not an article number`);
  const digits = String(n);
  let out = '';
  let pendingZero = false;
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[i]);
    if (d === 0) {
      pendingZero = true;
      continue;
    }
    if (pendingZero && out) out += '零';
    pendingZero = false;
    out += CHINESE_DIGITS[d]! + POSITION_UNITS[digits.length - 1 - i]!;
  }
  return n >= 10 && n < 20 ? out.slice(1) : out;
}
