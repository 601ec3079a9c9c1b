import { describe, expect, it } from 'vitest';
import { fromScrapeError } from '../src/errors.ts';
import { parseHtmlPage, unwrapResultLink } from '../src/html-page.ts';
import { fixture } from './handlers.ts';

describe('unwrapResultLink', () => {
  it('unwraps DuckDuckGo redirect links', () => {
    expect(
      unwrapResultLink('//duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1%26c%3D2&rut=abc'),
    ).toBe('https://example.com/a?b=1&c=2');
    expect(unwrapResultLink('https://duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.org%2F')).toBe(
      'https://example.org/',
    );
  });

  it('keeps direct links and drops ad and other DuckDuckGo links', () => {
    expect(unwrapResultLink('https://example.com/page')).toBe('https://example.com/page');
    expect(unwrapResultLink('https://duckduckgo.com/y.js?ad_domain=x.example&u3=abc')).toBeUndefined();
    expect(unwrapResultLink('//duckduckgo.com/l/?rut=abc')).toBeUndefined();
    expect(unwrapResultLink(undefined)).toBeUndefined();
  });
});

describe('parseHtmlPage', () => {
  it('reads the results and skips the ad', () => {
    const page = parseHtmlPage(fixture('html-results.html'));
    expect(page.kind).toBe('results');
    if (page.kind !== 'results') return;
    expect(page.results).toHaveLength(4);
    expect(page.results[0]).toEqual({
      title: 'What is <b>Ownership</b>? - The <b>Rust</b> Programming Language',
      url: 'https://doc.rust-lang.org/book/ch04-01-what-is-ownership.html',
      snippet: expect.stringContaining('<b>Ownership</b> is a set of rules'),
    });
  });

  it('recognises "No results.", the anomaly page and pages it does not know', () => {
    expect(parseHtmlPage(fixture('html-no-results.html'))).toEqual({ kind: 'results', results: [] });
    expect(parseHtmlPage(fixture('html-anomaly.html'))).toEqual({ kind: 'anomaly' });
    expect(parseHtmlPage('<html><body><p>We are down for maintenance</p></body></html>')).toEqual({
      kind: 'unrecognised',
    });
    expect(parseHtmlPage('')).toEqual({ kind: 'unrecognised' });
  });
});

describe('fromScrapeError', () => {
  it("maps duck-duck-scrape's messages", () => {
    const anomaly = new Error(
      'DDG detected an anomaly in the request, you are likely making requests too quickly.',
    );
    expect(fromScrapeError(anomaly, 'text')).toMatchObject({ code: 'blocked', cause: anomaly });
    expect(fromScrapeError(new Error('A server error occurred!'), 'text').code).toBe('unavailable');
    expect(fromScrapeError(new Error('A server error occurred!'), 'news')).toMatchObject({
      code: 'blocked',
      status: 403,
    });
    expect(
      fromScrapeError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), 'text').code,
    ).toBe('unavailable');
  });

  it('never passes a raw parsing error through', () => {
    const error = fromScrapeError(new TypeError("Cannot read properties of null (reading '1')"), 'text');
    expect(error).toMatchObject({ code: 'provider_error', provider: 'duckduckgo' });
    expect(error.message).not.toContain('Cannot read');
  });
});
