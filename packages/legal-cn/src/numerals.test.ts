import { describe, expect, it } from 'vitest';
import { parseNumeral, toChineseNumeral } from './numerals.ts';
import { parseArticleNumber } from './regulation.ts';

describe('numerals', () => {
  it.each([
    ['一百零八', 108],
    ['十', 10],
    ['十二', 12],
    ['一百一十', 110],
    ['一千二百六十', 1260],
    ['一千零五', 1005],
    ['两千', 2000],
    ['二〇二三', 2023],
    ['１０８', 108],
    ['108', 108],
  ])('parses %s as %d', (text, value) => {
    expect(parseNumeral(text)).toBe(value);
  });

  it('rejects what is not a number', () => {
    expect(parseNumeral('民法典')).toBeUndefined();
    expect(parseNumeral('')).toBeUndefined();
  });

  it('writes every article number 1..9999 the way statutes do, and reads it back', () => {
    expect(toChineseNumeral(108)).toBe('一百零八');
    expect(toChineseNumeral(10)).toBe('十');
    expect(toChineseNumeral(1165)).toBe('一千一百六十五');
    expect(toChineseNumeral(2001)).toBe('二千零一');
    for (let n = 1; n <= 9999; n++) expect(parseNumeral(toChineseNumeral(n))).toBe(n);
    expect(() => toChineseNumeral(0)).toThrow(RangeError);
  });

  it('parses article numbers in every common spelling', () => {
    for (const spelling of ['第一百零八条', '第108条', '108', ' 第 108 条 ', '一百零八']) {
      expect(parseArticleNumber(spelling)).toBe(108);
    }
    expect(parseArticleNumber(108)).toBe(108);
    for (const bad of ['第条', 'abc', '0', '第一百零八款', 1.5, 10_000]) {
      expect(() => parseArticleNumber(bad)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    }
  });
});
