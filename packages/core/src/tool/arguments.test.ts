import { describe, expect, it } from 'vitest';
import { EMPTY_QUERY_ERROR } from '../views/tool-error.ts';
import { readWebSearchArguments } from './arguments.ts';

const q = { query: 'heat pumps' };

describe('readWebSearchArguments: one lenient reading for every surface', () => {
  it.each([
    // well-formed
    [{ ...q }, { mode: 'text' }],
    [
      { ...q, mode: 'news', max_results: 8 },
      { mode: 'news', maxResults: 8 },
    ],
    [
      { ...q, time_range: 'week' },
      { mode: 'text', timeRange: 'w' },
    ],
    [
      { ...q, include_sites: ['who.int'], exclude_sites: ['pinterest.com'] },
      { mode: 'text', includeDomains: ['who.int'], excludeDomains: ['pinterest.com'] },
    ],
    [
      { ...q, region: 'us-en' },
      { mode: 'text', region: 'us-en' },
    ],
    // coerced: numeric strings, letter case, aliases
    [
      { ...q, max_results: '5' },
      { mode: 'text', maxResults: 5 },
    ],
    [
      { ...q, max_results: ' 7 ' },
      { mode: 'text', maxResults: 7 },
    ],
    [{ ...q, mode: 'VIDEOS' }, { mode: 'videos' }],
    [{ ...q, mode: ' News ' }, { mode: 'news' }],
    [
      { ...q, timelimit: 'd' },
      { mode: 'text', timeRange: 'd' },
    ],
    [
      { ...q, timelimit: 'WEEK' },
      { mode: 'text', timeRange: 'w' },
    ],
    [
      { ...q, num_results: 3 },
      { mode: 'text', maxResults: 3 },
    ],
    [
      { ...q, max_results: 7, num_results: 2 },
      { mode: 'text', maxResults: 7 },
    ],
    [
      { ...q, include_sites: 'who.int, cdc.gov' },
      { mode: 'text', includeDomains: ['who.int', 'cdc.gov'] },
    ],
    [
      { ...q, region: 'DE-de' },
      { mode: 'text', region: 'de-de' },
    ],
    [{ query: 42 }, { mode: 'text' }, '42'],
    [{ query: '  heat \n pumps ' }, { mode: 'text' }],
    // the default: 0, missing, null, not a number
    [{ ...q, max_results: 0 }, { mode: 'text' }],
    [{ ...q, max_results: '0' }, { mode: 'text' }],
    [{ ...q, max_results: null }, { mode: 'text' }],
    [{ ...q, max_results: 'many' }, { mode: 'text' }],
    [{ ...q, max_results: true }, { mode: 'text' }],
    [{ ...q, max_results: Number.NaN }, { mode: 'text' }],
    // clamped
    [
      { ...q, max_results: 50 },
      { mode: 'text', maxResults: 10 },
    ],
    [
      { ...q, max_results: '11' },
      { mode: 'text', maxResults: 10 },
    ],
    [
      { ...q, max_results: -3 },
      { mode: 'text', maxResults: 1 },
    ],
    [
      { ...q, max_results: 4.9 },
      { mode: 'text', maxResults: 4 },
    ],
    // unknown → the default
    [{ ...q, mode: 'images' }, { mode: 'text' }],
    [{ ...q, mode: 3 }, { mode: 'text' }],
    [{ ...q, mode: {} }, { mode: 'text' }],
    [{ ...q, time_range: 'decade' }, { mode: 'text' }],
    [{ ...q, timelimit: 7 }, { mode: 'text' }],
    [{ ...q, timelimit: '' }, { mode: 'text' }],
    [{ ...q, region: 'united states' }, { mode: 'text' }],
    [{ ...q, include_sites: [3, null] }, { mode: 'text' }],
    [{ ...q, loading_message: 'One moment...', type: null }, { mode: 'text' }],
  ])('%j reads as %j', (args, expected, query = 'heat pumps') => {
    expect(readWebSearchArguments(args)).toEqual({ ok: true, request: { query, ...expected } });
  });

  it.each([
    [{ query: '' }],
    [{ query: '   \t ' }],
    [{}],
    [null],
    ['heat pumps'],
    [{ query: null }],
    [{ query: ['a'] }],
    [{ query: '\u200b\u202e' }],
  ])('%j: the empty-query refusal', (args) => {
    expect(readWebSearchArguments(args)).toMatchObject({
      ok: false,
      code: 'invalid_request',
      message: EMPTY_QUERY_ERROR,
    });
  });

  it('a query over 512 characters (as people count them) is refused, naming the limit', () => {
    expect(readWebSearchArguments({ query: 'why '.repeat(200) })).toMatchObject({
      ok: false,
      message: 'query is 799 characters long; the limit is 512',
    });
    expect(readWebSearchArguments({ query: '😀'.repeat(512) })).toMatchObject({ ok: true });
    // A huge argument costs one bounded scan.
    expect(readWebSearchArguments({ query: 'x'.repeat(5_000_000) })).toMatchObject({
      ok: false,
      message: 'query is 2049 characters long; the limit is 512',
    });
  });
});
