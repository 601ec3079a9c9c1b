import { describe, expect, it } from 'vitest';
import { normalizeQuery } from './query.ts';
import { normalizeRequest } from './request.ts';

describe('normalizeRequest', () => {
  it('fills defaults for a bare query', () => {
    expect(normalizeRequest({ query: '  latest   node release ' })).toEqual({
      query: 'latest node release',
      mode: 'text',
      maxResults: 5,
      safeSearch: 'moderate',
      includeDomains: [],
      excludeDomains: [],
    });
  });

  it.each([
    [{ query: '' }, /empty/],
    [{ query: ' \n\t ' }, /empty/],
    [{ query: 'x'.repeat(513) }, /513 characters.*512/],
    [{ query: 42 }, /must be a string/],
    [{}, /required/],
    [null, /required/],
  ])('rejects %j with invalid_request', (input, message) => {
    expect(() => normalizeRequest(input)).toThrow(
      expect.objectContaining({ code: 'invalid_request', message: expect.stringMatching(message) }),
    );
  });

  it('is lenient with mode, maxResults, timeRange and safeSearch', () => {
    const r = normalizeRequest({
      query: 'q',
      mode: 'images',
      maxResults: 50,
      timeRange: 'week',
      safeSearch: 'nope',
    });
    expect(r).toMatchObject({ mode: 'text', maxResults: 10, timeRange: 'w', safeSearch: 'moderate' });
    expect(normalizeRequest({ query: 'q', maxResults: 0 }).maxResults).toBe(1);
    expect(normalizeRequest({ query: 'q', maxResults: '8' }).maxResults).toBe(8);
    expect(normalizeRequest({ query: 'q', maxResults: Number.NaN }).maxResults).toBe(5);
    expect(normalizeRequest({ query: 'q', mode: ' NEWS ' }).mode).toBe('news');
    expect(normalizeRequest({ query: 'q', timeRange: 'x' }).timeRange).toBeUndefined();
  });

  it('normalizes domain filters and rejects malformed ones', () => {
    const r = normalizeRequest({
      query: 'q',
      includeDomains: 'https://www.Example.com/path, site:news.bbc.co.uk',
    });
    expect(r.includeDomains).toEqual(['example.com', 'news.bbc.co.uk']);
    expect(() => normalizeRequest({ query: 'q', excludeDomains: ['not a domain'] })).toThrow(
      /not a domain name/,
    );
    expect(() => normalizeRequest({ query: 'q', includeDomains: 7 })).toThrow(/includeDomains/);
  });

  it('counts the query in characters as a person does, not in UTF-16 units', () => {
    expect(normalizeRequest({ query: '😀'.repeat(300) }).query).toHaveLength(600);
    expect(() => normalizeRequest({ query: '😀'.repeat(513) })).toThrow(/513 characters long/);
  });

  it('strips bidi and zero-width characters from the query, and refuses a query made only of them', () => {
    expect(normalizeRequest({ query: 'evil\u202Egnp\u200B.exe' }).query).toBe('evilgnp.exe');
    for (const query of ['\u200B\u200C\u200D', '\u202E\u2066\u2069', '\uFEFF \u200B']) {
      expect(() => normalizeRequest({ query })).toThrow(/query is empty/);
    }
  });

  it('refuses a domain filter with no domain in it instead of ignoring it', () => {
    expect(() => normalizeRequest({ query: 'q', excludeDomains: ['http://'] })).toThrow(
      /excludeDomains: "http:\/\/" is not a domain name/,
    );
    expect(normalizeRequest({ query: 'q', includeDomains: 'a.com,, b.com' }).includeDomains).toEqual([
      'a.com',
      'b.com',
    ]);
  });

  it('keeps includeContent only when it is true', () => {
    expect(normalizeRequest({ query: 'q', includeContent: true })).toMatchObject({ includeContent: true });
    for (const includeContent of [false, 'true', 1, undefined]) {
      expect(normalizeRequest({ query: 'q', includeContent })).not.toHaveProperty('includeContent');
    }
  });
});

describe('normalizeQuery', () => {
  it('applies NFKC, lower case and collapsed whitespace, keeping word order', () => {
    expect(normalizeQuery('  Ｈｅｌｌｏ\u3000  WORLD ')).toBe('hello world');
    expect(normalizeQuery('b a')).not.toBe(normalizeQuery('a b'));
  });
});
