import { describe, expect, it } from 'vitest';
import { MAX_RAW_RESULTS, normalizeResults } from './result.ts';
import { cleanText, cleanUrl, toIsoDate } from './text.ts';

describe('cleanText', () => {
  it('strips tags, decodes entities, drops control characters and collapses whitespace', () => {
    expect(cleanText('<b>Node</b>&nbsp;22 &amp; <i>24</i>\u0000\u0007 are\n\n  out&#x21;')).toBe(
      'Node 22 & 24 are out!',
    );
    expect(cleanText('a\u200Bb\uFEFF')).toBe('ab');
  });

  it('separates words at block tags but not at inline ones', () => {
    expect(cleanText('<p>First</p><p>Second</p> I/<b>O</b>, <a href="#">link</a>.')).toBe(
      'First Second I/O, link.',
    );
  });

  it('never turns encoded markup into a live tag, and keeps comparisons that are not tags', () => {
    expect(cleanText('use &lt;script&gt; tags')).toBe('use tags');
    expect(cleanText('&amp;lt;script&amp;gt;x')).toBe('x');
    expect(cleanText('1 &lt; 2 and 3 > 2')).toBe('1 < 2 and 3 > 2');
  });

  it('strips tags until none is left: nesting cannot rebuild one', () => {
    expect(cleanText('<scr<script>ipt>alert(1)</scr</script>ipt>')).toBe('alert(1)');
    expect(cleanText('<<<<<<<<b>b>b>b>b>b>b>b>x')).not.toMatch(/<b>/);
  });

  it('drops citation marks however they are nested or written', () => {
    const forged = '[[2]2] Evil [[[7]7]7] line ［9］ fullwidth [٣] arabic';
    expect(cleanText(forged)).toBe('Evil line fullwidth arabic');
    // As Markdown escapes them: page text converted by turndown writes "[1]" as "\[1\]".
    expect(cleanText('Tides \\[1\\] rise \\[\\[2\\]2\\] twice')).toBe('Tides rise twice');
  });

  it('removes terminal escape sequences with their payload, and bidirectional controls', () => {
    expect(cleanText('a\u001b]0;pwned\u0007b\u001b[2Jc\u001b[31md')).toBe('abcd');
    expect(cleanText('evil\u202Egnp.exe \u2066x\u2069')).toBe('evilgnp.exe x');
  });

  it('bounds length on a word boundary', () => {
    const text = cleanText('word '.repeat(100), 40);
    expect(text.length).toBeLessThanOrEqual(40);
    expect(text.endsWith('word…')).toBe(true);
  });

  it('returns an empty string for non-text values', () => {
    expect(cleanText(null)).toBe('');
    expect(cleanText({ a: 1 })).toBe('');
  });
});

describe('cleanUrl', () => {
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['//example.com/x', 'https://example.com/x'],
    ['javascript:alert(1)', undefined],
    ['data:text/html,hi', undefined],
    ['/relative/path', undefined],
    ['not a url', undefined],
    [42, undefined],
  ])('%s → %s', (input, expected) => {
    expect(cleanUrl(input)).toBe(expected);
  });

  it('checks the 2,048-character limit on the URL as written out: 2,000 "€" are 18,000 once encoded', () => {
    const euros = `https://example.com/${'€'.repeat(2_000)}`;
    expect(euros.length).toBeLessThan(2_048);
    expect(cleanUrl(euros)).toBeUndefined();
    const ascii = `https://example.com/${'a'.repeat(2_020)}`;
    expect(cleanUrl(ascii)).toBe(ascii);
    expect(normalizeResults([{ title: 't', url: euros, snippet: 's' }], 'p', 'text')).toEqual([]);
  });
});

describe('toIsoDate', () => {
  it('reads a date-time without a zone as UTC, whatever the local zone', () => {
    expect(toIsoDate('2025-03-01T10:00:00')).toBe('2025-03-01T10:00:00.000Z');
    expect(toIsoDate('2025-03-01T10:00:00+02:00')).toBe('2025-03-01T08:00:00.000Z');
  });

  it('accepts epoch seconds, milliseconds, ISO strings and digit strings', () => {
    expect(toIsoDate(1_700_000_000)).toBe('2023-11-14T22:13:20.000Z');
    expect(toIsoDate(1_700_000_000_000)).toBe('2023-11-14T22:13:20.000Z');
    expect(toIsoDate('1700000000')).toBe('2023-11-14T22:13:20.000Z');
    expect(toIsoDate('2024-03-01T10:00:00+01:00')).toBe('2024-03-01T09:00:00.000Z');
  });

  it('rejects garbage and implausible dates', () => {
    expect(toIsoDate('yesterday-ish')).toBeUndefined();
    expect(toIsoDate(0)).toBeUndefined();
    expect(toIsoDate(Date.now() + 10 * 86_400_000)).toBeUndefined();
    expect(toIsoDate('')).toBeUndefined();
  });
});

describe('normalizeResults', () => {
  it('looks at the first 200 raw results only: 25,000 from a hostile answer cost no more (work counted)', () => {
    let read = 0;
    const raw = Array.from({ length: 25_000 }, (_, i) => ({
      title: `Result ${i}`,
      get url() {
        read++;
        return `https://r${i}.example/`;
      },
      snippet: 'text',
    }));
    const results = normalizeResults(raw, 'p', 'text');
    expect(read).toBe(MAX_RAW_RESULTS);
    expect(results).toHaveLength(MAX_RAW_RESULTS);
    expect(results[0]?.url).toBe('https://r0.example/');
  });

  it('cleans, de-duplicates by URL and drops unusable entries', () => {
    const results = normalizeResults(
      [
        { title: '<b>One</b>', url: 'https://www.one.example/page', snippet: 'first &amp; best' },
        { title: 'One again', url: 'http://www.one.example/page/', snippet: 'duplicate' },
        { title: 'Bad link', url: 'javascript:void(0)' },
        { title: '', snippet: '', url: 'https://empty.example' },
        { title: 'No URL' },
        null as never,
        {
          title: 'Two',
          url: 'https://two.example',
          source: 'Two News',
          publishedAt: 1_700_000_000,
          author: ' <b>Ann</b> ',
        },
      ],
      'p',
      'text',
    );
    expect(results).toEqual([
      {
        title: 'One',
        url: 'https://www.one.example/page',
        snippet: 'first & best',
        source: 'one.example',
        provider: 'p',
      },
      {
        title: 'Two',
        url: 'https://two.example/',
        snippet: '',
        source: 'Two News',
        provider: 'p',
        publishedAt: '2023-11-14T22:13:20.000Z',
        author: 'Ann',
      },
    ]);
  });

  it('keeps video fields only in videos mode, formatting numeric durations', () => {
    const raw = [
      {
        title: 'Clip',
        url: 'https://video.example/1',
        duration: 3725,
        publisher: 'YouTube',
        thumbnail: 'https://img.example/1.jpg',
        viewCount: '1234',
      },
    ];
    expect(normalizeResults(raw, 'p', 'videos')[0]).toMatchObject({
      duration: '1:02:05',
      publisher: 'YouTube',
      thumbnail: 'https://img.example/1.jpg',
      viewCount: 1234,
    });
    expect(normalizeResults(raw, 'p', 'text')[0]).not.toHaveProperty('duration');
  });

  it('cleans page content like a snippet, with a much larger bound, and leaves it out when empty', () => {
    const article = '第一千一百六十五条 行为人因过错侵害他人民事权益造成损害的，应当承担侵权责任。';
    const raw = [
      {
        title: 'A statute',
        url: 'https://flk.npc.gov.cn/a',
        snippet: 'short',
        content: `<h1>民法典</h1><p>${'前文。'.repeat(400)}</p>\n<p>${article}</p>\u0007`,
      },
      { title: 'No page text', url: 'https://flk.npc.gov.cn/b', content: '  <p></p> ' },
      { title: 'Huge page', url: 'https://flk.npc.gov.cn/c', content: 'word '.repeat(10_000) },
    ];
    const [statute, empty, huge] = normalizeResults(raw, 'p', 'text');
    expect(statute!.content).toMatch(/^民法典 前文。/);
    expect(statute!.content!.endsWith(article)).toBe(true);
    expect(statute!.snippet).toBe('short');
    expect(empty).not.toHaveProperty('content');
    expect(huge!.content!.length).toBeLessThanOrEqual(20_000);
    expect(huge!.content!.endsWith('…')).toBe(true);
  });
});
