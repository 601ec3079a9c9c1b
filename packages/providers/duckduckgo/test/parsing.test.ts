import { describe, expect, it } from 'vitest';
import { parseDjsAnswer } from '../src/djs-answer.ts';
import { parseHtmlPage, unwrapResultLink } from '../src/html-page.ts';
import { parseNewsAnswer } from '../src/news-answer.ts';
import { parseVideosAnswer } from '../src/videos-answer.ts';
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
    // The no-results page's placeholder ("EOF", a google.com search link) is no result, as in d.js.
    expect(parseHtmlPage(fixture('html-no-results-eof.html'))).toEqual({ kind: 'results', results: [] });
    expect(parseHtmlPage(fixture('html-anomaly.html'))).toEqual({ kind: 'anomaly' });
    expect(parseHtmlPage('<html><body><p>We are down for maintenance</p></body></html>')).toEqual({
      kind: 'unrecognised',
    });
    expect(parseHtmlPage('')).toEqual({ kind: 'unrecognised' });
  });

  it('takes a page of results for results even when one quotes the challenge page', () => {
    const quoting = fixture('html-results.html').replace(
      '<b>Ownership</b> is a set of rules',
      'Unfortunately, bots use DuckDuckGo too. <b>Ownership</b> is a set of rules',
    );
    const page = parseHtmlPage(quoting);
    expect(page.kind === 'results' && page.results[0]?.snippet).toMatch(
      /^Unfortunately, bots use DuckDuckGo too/,
    );
  });

  // About a megabyte each: linear work takes milliseconds, quadratic would take hours, far past the hang
  // bound (HANG_MS) a test fails at. Not timed here: a busy machine is no verdict on the parser.
  it('reads hostile markup of a megabyte: nested fields, stray "<", unclosed quotes and comments, raw text', () => {
    const n = 20_000;
    const shapes = [
      '<div class="result"><div class="result__extras__url">2024-01-01T00:00:00 '.repeat(n),
      '<div class="result"><a class="result__a" href="x">'.repeat(n),
      '<div class="result__snippet">'.repeat(n),
      `<div class="result">${'<'.repeat(20 * n)}`,
      `<div class="result"><a class="result__a" href="${'<"'.repeat(10 * n)}`,
      `<div class="result">${'<!-- '.repeat(10 * n)}`,
      '<script><div class="result">'.repeat(n),
      `<div class="result"><div class="result__extras__url">${'<span'.repeat(10 * n)}`,
    ];
    for (const html of shapes) {
      const page = parseHtmlPage(html);
      expect(['results', 'unrecognised'], html.slice(0, 60)).toContain(page.kind);
    }
  });
});

describe('parseHtmlPage on hostile pages: read no further than a real page (work counted)', () => {
  const result = (i: number) =>
    `<div class="result results_links web-result"><h2 class="result__title"><a class="result__a" href="https://r${i}.example/">Title ${i}</a></h2><a class="result__snippet" href="https://r${i}.example/">Snippet ${i}</a></div>`;

  it('keeps the first 100 of 19,000 results', () => {
    const page = parseHtmlPage(
      `<div id="links">${Array.from({ length: 19_000 }, (_, i) => result(i)).join('')}</div>`,
    );
    expect(page.kind === 'results' && page.results.map((r) => r.url)).toEqual(
      Array.from({ length: 100 }, (_, i) => `https://r${i}.example/`),
    );
  });

  it('stops after 20,000 tags: a result behind 800,000 nested elements is not reached', () => {
    const deep = `${'<div>'.repeat(500_000)}${'</div>'.repeat(300_000)}`;
    expect(parseHtmlPage(`${deep}${result(1)}`)).toEqual({ kind: 'unrecognised' });
    // Within the bound, the same result is read.
    const page = parseHtmlPage(`${'<div>'.repeat(10_000)}${result(1)}`);
    expect(page.kind === 'results' && page.results.map((r) => r.url)).toEqual(['https://r1.example/']);
  });

  it('a field left open when reading stops ends where reading stopped, not at the end of the page', () => {
    const open = `<div class="result"><a class="result__a" href="https://open.example/">Open${' <b>x'.repeat(30_000)}`;
    const page = parseHtmlPage(open);
    const title = page.kind === 'results' ? String(page.results[0]?.title) : '';
    expect(title).toMatch(/^Open <b>x/);
    expect(title.length).toBeLessThan(20_000 * 6);
  });
});

const djsBody = (entries: unknown) =>
  `if (DDG.pageLayout) DDG.pageLayout.load('d',${JSON.stringify(entries)});DDG.duckbar.load('images');`;

describe('parseDjsAnswer', () => {
  it('reads the results, and tells the no-results, server-error and anomaly answers apart', () => {
    const page = parseDjsAnswer(fixture('d.js'));
    expect(page.kind === 'results' && page.results.length).toBe(4);
    expect(parseDjsAnswer(fixture('d.js-no-results.js'))).toEqual({ kind: 'results', results: [] });
    expect(parseDjsAnswer(fixture('d.js-506.js'))).toEqual({ kind: 'server-error' });
    expect(parseDjsAnswer(fixture('d.js-anomaly.js'))).toEqual({ kind: 'anomaly' });
  });

  it('skips entries that are not results instead of failing on them', () => {
    const good = { t: 'Good', u: 'https://good.example/', a: 'Snippet', i: 'good.example' };
    const answer = parseDjsAnswer(
      djsBody([
        null,
        'a string',
        [1, 2],
        { t: 'No URL' },
        { t: 'Script', u: 'javascript:alert(1)' },
        { t: 'Relative', u: '/l/?uddg=x' },
        { t: 42, u: 'https://typed.example/', a: { html: 'x' }, i: ['host'] },
        good,
        { n: '/d.js?q=next&s=30' },
      ]),
    );
    expect(answer).toEqual({
      kind: 'results',
      results: [
        { title: undefined, url: 'https://typed.example/', snippet: undefined, source: undefined },
        { title: 'Good', url: 'https://good.example/', snippet: 'Snippet', source: 'good.example' },
      ],
    });
  });

  it('reads past "]);" inside a string, and a raw tab in one (not valid JSON)', () => {
    const body = djsBody([{ t: 'A_B', u: 'https://a.example/', a: 'ends with ]); here' }]);
    const answer = parseDjsAnswer(body.replace('A_B', 'A\tB'));
    expect(answer).toEqual({
      kind: 'results',
      results: [
        { title: 'A B', url: 'https://a.example/', snippet: 'ends with ]); here', source: undefined },
      ],
    });
  });

  it('calls anything else unrecognised: no call, a cut-off array, not an array, a huge junk body', () => {
    for (const body of [
      '',
      '<html><body>Maintenance</body></html>',
      'DDG.pageLayout.load(\'d\',[{"t":"cut off',
      'DDG.pageLayout.load(\'d\',{"t":1});',
      'DDG.pageLayout.load(\'d\',[{"t": nope}]);',
      `DDG.pageLayout.load('d',${'['.repeat(200_000)}`,
    ]) {
      expect(parseDjsAnswer(body)).toEqual({ kind: 'unrecognised' });
    }
  });
});

describe('parseNewsAnswer and parseVideosAnswer', () => {
  it.each([
    ['news', parseNewsAnswer],
    ['videos', parseVideosAnswer],
  ] as const)('%s: JSON without a results list is unrecognised, an anomaly page is anomaly', (_, parse) => {
    for (const body of ['', 'null', '[]', '{"results":{}}', '{"results":"x"}', '<html>down</html>']) {
      expect(parse(body)).toEqual({ kind: 'unrecognised' });
    }
    expect(parse(fixture('html-anomaly.html'))).toEqual({ kind: 'anomaly' });
    expect(parse('{"results":[]}')).toEqual({ kind: 'results', results: [] });
  });

  it('news: keeps only well-typed fields, skips entries without an http(s) URL', () => {
    const answer = parseNewsAnswer(
      JSON.stringify({
        results: [
          7,
          { title: 'No URL' },
          { title: 'Data', url: 'data:text/html,hi' },
          {
            title: 'T',
            url: 'https://n.example/a',
            excerpt: 'E',
            date: '1767103200',
            image: 'ftp://x/y.jpg',
          },
          { title: 'T2', url: 'https://n.example/b', date: 1767103200, image: 'https://n.example/i.jpg' },
        ],
      }),
    );
    expect(answer).toEqual({
      kind: 'results',
      results: [
        {
          title: 'T',
          url: 'https://n.example/a',
          snippet: 'E',
          publishedAt: undefined,
          thumbnail: undefined,
        },
        {
          title: 'T2',
          url: 'https://n.example/b',
          snippet: undefined,
          publishedAt: 1767103200,
          thumbnail: 'https://n.example/i.jpg',
        },
      ],
    });
  });

  it('videos: survives missing or mistyped images and statistics', () => {
    const answer = parseVideosAnswer(
      JSON.stringify({
        results: [
          { title: 'No URL', images: {} },
          { content: 'https://v.example/1', images: 'x', statistics: [], duration: 95, published: 5 },
          {
            content: 'https://v.example/2',
            images: { large: 'javascript:x', medium: 42, small: 'https://img.example/s.jpg' },
            statistics: { viewCount: 'many' },
            uploader: '',
            publisher: 'Vimeo',
          },
        ],
      }),
    );
    expect(answer.kind === 'results' && answer.results).toEqual([
      expect.objectContaining({
        url: 'https://v.example/1',
        duration: 95,
        thumbnail: undefined,
        viewCount: undefined,
      }),
      expect.objectContaining({
        thumbnail: 'https://img.example/s.jpg',
        publisher: 'Vimeo',
        viewCount: undefined,
      }),
    ]);
  });
});
