import { cleanUrl, FIELD_LIMITS } from '@agent-search/core';
import { seededRandom } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { cleanStoredUrl, isPlainUrl } from '../src/stored-url.ts';

// Pieces of URLs, plain and tricky: what the parser lower-cases, escapes, resolves or rejects.
const SCHEMES = ['https://', 'http://', 'HTTPS://', 'ftp://', '//', 'https:/', 'javascript://', ''];
const LABELS = [
  'en',
  'wikipedia',
  'org',
  'site1',
  'example',
  'a-b',
  '-x',
  'x-',
  'xn--p1ai',
  'xn--zz',
  'Kenya',
  '123',
  '0x7f',
  '1',
  'é',
  'a_b',
  '',
];
const HOST_ENDS = ['', ':443', ':80', ':8080', ':', '@evil.com', '.', '..'];
const PATH_CHARS = [
  'a',
  'Z',
  '0',
  '/',
  '//',
  '.',
  '..',
  '/./',
  '/../',
  '%',
  '%2e',
  '%2E',
  '%41',
  '\\',
  "'",
  '"',
  '`',
  '{',
  '}',
  '^',
  '|',
  ' ',
  '\t',
  '~',
  '!',
  '$',
  '&',
  '(',
  ')',
  '*',
  '+',
  ',',
  ';',
  '=',
  ':',
  '@',
  '-',
  '_',
  'é',
  '\u0000',
  '<',
  '>',
  '[',
  ']',
];
const TAILS = ['', '?', '?q=1', "?q='x'", '?a=%zz', '?x#y', '#', '#frag', '#a b', '#`', '?/./', '#/../'];

/** A URL-like string: half of them built from plain pieces with one piece in ten drawn from every piece. */
function url(random: () => number): string {
  const tame = random() < 0.5;
  const pick = <T>(list: readonly T[], plain: number) =>
    list[Math.floor(random() * (tame && random() < 0.9 ? plain : list.length))]!;
  const labels = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(LABELS, 6));
  const path = Array.from({ length: Math.floor(random() * 6) }, () => pick(PATH_CHARS, 5)).join('');
  const tail = random() < 0.5 ? '' : pick(TAILS, 3);
  const pad = random() < 0.05 ? ' ' : '';
  const hostEnd = random() < 0.8 ? '' : pick(HOST_ENDS, 1);
  const slash = random() < 0.8 || tame ? '/' : '';
  return `${pad}${pick(SCHEMES, 2)}${labels.join('.')}${hostEnd}${slash}${path}${tail}${pad}`;
}

describe('cleanStoredUrl', () => {
  it('returns what cleanUrl returns, and skips the parse only for URLs cleanUrl gives back as they are', () => {
    const random = seededRandom(24);
    let plain = 0;
    for (let i = 0; i < 50_000; i++) {
      const value = url(random);
      expect(cleanStoredUrl(value), JSON.stringify(value)).toBe(cleanUrl(value));
      if (isPlainUrl(value)) {
        plain++;
        expect(cleanUrl(value), JSON.stringify(value)).toBe(value);
      }
    }
    // The shortcut is taken often enough for the comparison to mean something.
    expect(plain).toBeGreaterThan(5_000);
  });

  it('takes the shortcut for URLs as cleanUrl writes them, never for one it would rewrite', () => {
    for (const value of [
      'https://en.wikipedia.org/wiki/Astana',
      'https://site1.example/0',
      'http://example.com/a/b_c-d.e~f?q=1&r=two#top',
      'https://www.bbc.co.uk/news/world-europe-12345678',
    ]) {
      expect(isPlainUrl(value), value).toBe(true);
    }
    for (const value of [
      'https://Example.com/',
      'https://example.com',
      'https://example.com:443/',
      'https://1.2.3.4/',
      'https://example.123/',
      'https://xn--p1ai/',
      'https://example.com/a/../b',
      'https://example.com/%2e%2e/b',
      'https://example.com/a b',
      "https://example.com/?q='x'",
      ' https://example.com/',
      `https://example.com/${'a'.repeat(FIELD_LIMITS.url)}`,
    ]) {
      expect(isPlainUrl(value), value).toBe(false);
    }
  });
});
