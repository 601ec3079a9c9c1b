import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '../response.ts';
import { normalizeResults, type RawResult, type SearchResult } from '../result.ts';
import { cleanText, plainText, printableText, toIsoDate } from '../text.ts';
import * as before from './__fixtures__/before-fast-paths.ts';
import { isoDay, oneLine, plainLine } from './fields.ts';
import { toModelText } from './model-text.ts';
import { renderView } from './render.ts';
import { webSearchAnswer } from './web-search-tool.ts';
import { toXml } from './xml.ts';

// The fast paths (a field checked clean is returned as it is, "Q&A" takes one pass, a canonical ISO time
// is read without a Date, a title's separators found by a scan) must not change one byte of any output:
// each function is compared with its code from before them (`__fixtures__/before-fast-paths.ts`) on
// thousands of generated hostile inputs.

// A seeded generator, so a failure can be replayed.
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const PIECES = [
  // Plain text, as most fields are.
  'Bitcoin',
  'price',
  'today',
  ' ',
  ' ',
  ' ',
  'a',
  'Z',
  '7',
  '2025',
  '.',
  '. ',
  '! ',
  '? ',
  ',',
  '。',
  'café',
  '東京',
  'ビットコイン（BTC）',
  '\u{1F600}',
  '\u{1D7CE}',
  'Reuters',
  'reuters.com',
  'CoinMarketCap',
  // Title separators and their look-alikes.
  ' - ',
  ' | ',
  ' – ',
  ' — ',
  ' · ',
  ' : ',
  ' -- ',
  '- ',
  ' -',
  '|',
  // Ampersands and angle brackets that are and are not markup.
  '&',
  '& ',
  'Q&A',
  'AT&T',
  '&#',
  '&#x27;',
  '&#39;',
  '&amp;',
  '&amp;amp;',
  '&lt;',
  '&lt;b&gt;',
  '&nbsp',
  '&hellip;',
  '&ampx',
  '&#0;',
  '&#xD800;',
  '&#x202E;',
  '<',
  '< ',
  '<3',
  '>',
  '<b>',
  '</b>',
  '<p>',
  '</div>',
  '<br/>',
  '<a href="x">',
  '<!--',
  '-->',
  '<!-- c -->',
  '<scr<script>ipt>',
  '<!',
  '</',
  // Citation marks and brackets.
  '[',
  ']',
  '[1]',
  '[ 12 ]',
  '［9］',
  '[٣]',
  '\\[2\\]',
  '[x]',
  '[\u{1D7CE}]',
  // Controls, escape sequences, bidirectional and invisible characters, odd whitespace.
  '\u0000',
  '\u0007',
  '\t',
  '\n',
  '\r',
  '\r\n',
  '\u000B',
  '\u000C',
  '\u001B',
  '\u001B[31m',
  '\u001B[0m',
  '\u001B]0;title\u0007',
  '\u001B]8;;http://x\u001B\\',
  '\u001BM',
  '\u009B',
  '\u009B2J',
  '\u007F',
  '\u0085',
  '\u00A0',
  '\u061C',
  '\u1680',
  '\u180E',
  '\u2002',
  '\u200B',
  '\u200D',
  '\u200E',
  '\u200F',
  '\u2028',
  '\u2029',
  '\u202A',
  '\u202E',
  '\u202F',
  '\u205F',
  '\u2066',
  '\u2069',
  '\u3000',
  '\uFEFF',
  '\uFFFE',
  '\uFFFF',
  '\uFFFD',
  // Lone and split surrogates.
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
];

function hostileText(next: () => number): string {
  const pick = () => PIECES[Math.floor(next() * PIECES.length)]!;
  const roll = next();
  // Mostly short fields, some snippet-length, a few long ones (past the 4× cut of `cleanText`).
  const count = roll < 0.6 ? Math.floor(next() * 12) : roll < 0.95 ? 20 + Math.floor(next() * 60) : 800;
  let text = '';
  for (let i = 0; i < count; i++) text += pick();
  // Nesting deep enough to reach the last pass of `plainText`, with markup left over after it.
  if (next() < 0.05) {
    const depth = 3 + Math.floor(next() * 6);
    text = `${'&amp;'.repeat(1)}${'amp;'.repeat(depth)}lt;${text}&${pick()}>${pick()}`;
  }
  return text;
}

// Clean text, the common case the fast paths are for.
function cleanTitle(next: () => number): string {
  const words = ['Bitcoin', 'price', 'today', 'Q&A', 'AT&T', 'a < b', '—', '東京', 'café', '2025'];
  const sites = ['Reuters', 'CoinMarketCap', 'BBC News', 'reuters.com', 'Wikipedia'];
  const separators = [' - ', ' | ', ' — ', ' · ', ' : ', ' – '];
  let title = '';
  const count = 1 + Math.floor(next() * 8);
  for (let i = 0; i < count; i++) title += `${i ? ' ' : ''}${words[Math.floor(next() * words.length)]}`;
  for (let i = Math.floor(next() * 3); i > 0; i--) {
    title += `${separators[Math.floor(next() * separators.length)]}${sites[Math.floor(next() * sites.length)]}`;
  }
  return title;
}

const DATES: unknown[] = [
  '2025-11-29T14:05:00.000Z',
  '2024-02-29T23:59:59.999Z',
  '2025-02-29T00:00:00.000Z',
  '2025-02-30T00:00:00.000Z',
  '2025-04-31T10:00:00.000Z',
  '2025-01-01T24:00:00.000Z',
  '2025-01-01T23:60:00.000Z',
  '2025-01-01T23:59:60.000Z',
  '2025-13-01T00:00:00.000Z',
  '2025-00-10T00:00:00.000Z',
  '2025-01-00T00:00:00.000Z',
  '1900-02-29T00:00:00.000Z',
  '2000-02-29T00:00:00.000Z',
  '0000-01-01T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00.000Z',
  '2025-11-29T14:05:00Z',
  '2025-11-29T14:05:00.000z',
  '2025-11-29T14:05:00.000+00:00',
  '2025-11-29 14:05:00.000Z',
  ' 2025-11-29T14:05:00.000Z',
  '2025-11-29T14:05:00.00Z',
  '2O25-11-29T14:05:00.000Z',
  '2025-1a-29T14:05:00.000Z',
  '2025-11-29T14:05:00.0a0Z',
  '2025-11-29T14:05:07.0000000',
  '2025-11-29T14:05:07.9999999',
  '2025-11-29T14:05:07.5',
  '2025-11-29T14:05:07.05Z',
  '2025-11-29T14:05:07.123456789012345678901234567890Z',
  '2025-11-29T14:05:07.Z',
  '2025-11-29T14:05:07.',
  '2025-11-29T14:05:07',
  '2025-11-29T14:05:0',
  '2025-11-29T14:05Z',
  '2025-11-29T14:05',
  '2025-11-29T14:5',
  '2025-11-29T14:05:07x',
  '2025-11-29T14:05:07.5x',
  '2025-02-29T14:05',
  '2024-02-29T14:05:07Z',
  '2025-11-29T24:00',
  '0999-12-31T23:59:59.999Z',
  '1000-01-01T00:00:00.000Z',
  '1989-12-31T23:59:59.999Z',
  '1990-01-01T00:00:00.000Z',
  '2099-01-01T00:00:00.000Z',
  '  2025-11-29T14:05:07  ',
  '１２３４-11-29T14:05:07Z',
  '2025-11-29',
  'Nov 29, 2025',
  'yesterday',
  '',
  0,
  -0.5,
  86_399_999.5,
  1_764_410_700_000,
  1_764_410_700_000.7,
  -1_764_410_700_000.7,
  8.64e15,
  8.64e15 + 1,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  new Date('2025-11-29T14:05:00.000Z'),
  new Date(Number.NaN),
  undefined,
  null,
  {},
  [],
];

const URLS = [
  'https://example.com/a',
  'https://example.com/a/',
  'http://example.com/a',
  'https://www.reuters.com/markets/x',
  '//cdn.example.org/x',
  'javascript:alert(1)',
  'data:text/html,x',
  '/relative',
  `https://long.example/${'x'.repeat(2100)}`,
  'https://bad host/',
  'https://xn--nxasmq6b.example/',
  42,
  undefined,
];

function field(next: () => number): unknown {
  const roll = next();
  if (roll < 0.35) return cleanTitle(next);
  if (roll < 0.92) return hostileText(next);
  if (roll < 0.95) return Math.floor(next() * 1e6);
  return [undefined, null, {}, ['a'], true][Math.floor(next() * 5)];
}

function rawResult(next: () => number): RawResult {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return {
    title: field(next),
    url: pick(URLS),
    snippet: field(next),
    source: next() < 0.5 ? undefined : field(next),
    publishedAt: pick(DATES),
    author: next() < 0.7 ? undefined : field(next),
    content: next() < 0.8 ? undefined : field(next),
    duration: next() < 0.5 ? field(next) : next() * 9_000,
    publisher: field(next),
    thumbnail: pick(URLS),
    viewCount: pick([1234, '99', -1, Number.NaN, undefined, null]),
  };
}

function response(query: string, results: SearchResult[], next: () => number): SearchResponse {
  const stale = next() < 0.2;
  return {
    query,
    mode: 'text',
    results,
    provider: 'duckduckgo',
    cached: stale || next() < 0.2,
    ...(stale ? { stale: true, ageMs: Math.floor(next() * 1e8) } : {}),
    searchTimeMs: 12,
    totalResults: results.length,
    fetchedAt: '2025-11-29T14:05:00.000Z',
    attempts: [],
  };
}

const CASES = 3_000;

describe('the fast paths give the same bytes as the code before them', () => {
  it('cleans text the same: plainText, printableText, cleanText, oneLine, plainLine', () => {
    const next = random(24);
    for (let i = 0; i < CASES; i++) {
      const text = next() < 0.4 ? cleanTitle(next) : hostileText(next);
      const label = JSON.stringify(text);
      expect(plainText(text), label).toBe(before.plainText(text));
      expect(printableText(text), label).toBe(before.printableText(text));
      expect(oneLine(text), label).toBe(before.oneLine(text));
      expect(plainLine(text), label).toBe(before.plainLine(text));
      for (const max of [20, 80, 120, 300, 1_000]) {
        expect(cleanText(text, max), `${label} at ${max}`).toBe(before.cleanText(text, max));
      }
    }
  });

  it('cleans the same every character after an ampersand or an angle bracket, whatever follows', () => {
    // The fast paths pass "&" and "<" when what follows cannot start an entity, a tag or a comment.
    const tails = [
      '',
      ' ',
      'eta;',
      'wj;',
      'mp;',
      'mp',
      'lt;',
      't;',
      '38;',
      'x27;',
      'b>',
      'p>',
      '-- x -->',
      '/b>',
    ];
    for (let code = 0; code < 0x80; code++) {
      for (const tail of tails) {
        for (const text of [
          `x &${String.fromCharCode(code)}${tail} y`,
          `x <${String.fromCharCode(code)}${tail} y`,
        ]) {
          const label = JSON.stringify(text);
          expect(plainText(text), label).toBe(before.plainText(text));
          expect(plainLine(text), label).toBe(before.plainLine(text));
          expect(cleanText(text, 300), label).toBe(before.cleanText(text, 300));
        }
      }
    }
  });

  it('reads dates the same, in any order (isoDay remembers the last day it was asked about)', () => {
    const next = random(25);
    for (let i = 0; i < CASES; i++) {
      const value = DATES[Math.floor(next() * DATES.length)] as Parameters<typeof isoDay>[0];
      const nearby = typeof value === 'number' ? value + Math.floor((next() - 0.5) * 4 * 86_400_000) : value;
      expect(isoDay(nearby), String(nearby)).toBe(before.isoDay(nearby));
      expect(isoDay(value), String(value)).toBe(before.isoDay(value));
      expect(toIsoDate(value), String(value)).toBe(before.toIsoDate(value));
      expect(toIsoDate(nearby), String(nearby)).toBe(before.toIsoDate(nearby));
    }
  });

  it('normalizes raw results the same', () => {
    const next = random(26);
    for (let i = 0; i < CASES / 3; i++) {
      const raw = Array.from({ length: 1 + Math.floor(next() * 6) }, () => rawResult(next));
      const mode = next() < 0.3 ? 'videos' : 'text';
      const got = normalizeResults(raw, 'p', mode);
      expect(JSON.stringify(got)).toBe(JSON.stringify(before.normalizeResults(raw, 'p', mode)));
    }
  });

  it('renders the same answers, from normalized results and from raw ones handed to a view', () => {
    const next = random(27);
    for (let i = 0; i < CASES / 3; i++) {
      const raw = Array.from({ length: Math.floor(next() * 6) }, () => rawResult(next));
      const normalized = normalizeResults(raw, 'p', 'text');
      // A view is a public function: a caller may hand it results that never went through normalization.
      const unchecked = raw.map((r) => ({ ...r, provider: 'p' }) as unknown as SearchResult);
      const query = String(field(next));
      for (const results of [normalized, unchecked]) {
        const answer = response(query, results, next);
        const now = DATES[Math.floor(next() * 3)] as string;
        const maxSnippetChars = [undefined, 1, 60, 240, Number.POSITIVE_INFINITY][Math.floor(next() * 5)];
        const options = maxSnippetChars === undefined ? { now } : { now, maxSnippetChars };
        const text = toModelText(answer, options);
        expect(text).toBe(before.toModelText(answer, options));
        expect(webSearchAnswer(answer, 'model', options).text).toBe(text);
        expect(toXml(answer, { now })).toBe(before.toXml(answer, { now }));
        expect(renderView(answer, 'xml', { now })).toBe(before.toXml(answer, { now }));
      }
    }
  });
});
