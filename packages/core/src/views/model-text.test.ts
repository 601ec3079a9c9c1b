import { describe, expect, it } from 'vitest';
import { bitcoinResponse, emptyResponse, hostileResponse } from './__fixtures__/responses.ts';
import { toModelText } from './model-text.ts';
import { toSources } from './sources.ts';

const now = '2025-11-30T10:00:00Z';

describe('toModelText', () => {
  it('numbers results with title, site and date, without URLs, provider ids or timings', () => {
    expect(toModelText(bitcoinResponse(), { now })).toBe(
      [
        'Results for "bitcoin price" (2025-11-30):',
        '[1] Bitcoin price today, BTC to USD live price (coinmarketcap.com)',
        'The live Bitcoin price today is $91,412.05 USD with a 24-hour trading volume of $58,231,552,102 USD. Bitcoin is up 1.42% in the last 24 hours.',
        '[2] Bitcoin climbs back above $90,000 as ETF inflows resume (reuters.com, 2025-11-29)',
        'Bitcoin rose 3% on Saturday, climbing back above $90,000 for the first time in a week as U.S. spot bitcoin ETFs recorded their first net inflows since early November.',
        '[3] Bitcoin (BTC) Price Index (coindesk.com)',
        'Bitcoin price index, charts and news. Data from CoinDesk Indices.',
      ].join('\n'),
    );
  });

  it('uses the numbering of toSources', () => {
    const response = bitcoinResponse();
    const text = toModelText(response, { now });
    for (const source of toSources(response)) {
      const line = text.split('\n').find((l) => l.startsWith(`[${source.id}] `));
      expect(line).toContain(`(${source.site}`);
    }
    expect(text).not.toMatch(/https?:|duckduckgo|3187|3180|48100/);
  });

  it('keeps a title whose last part is not the site name', () => {
    const response = bitcoinResponse();
    response.results[0]!.title = 'Markets - Bitcoin: what next';
    expect(toModelText(response, { now })).toContain('[1] Markets - Bitcoin: what next (coinmarketcap.com)');
  });

  it('shortens long snippets at a sentence or word end, unless told not to', () => {
    const response = bitcoinResponse();
    const long = `${'First sentence is here. '.repeat(8)}${'word '.repeat(100)}`;
    response.results[0]!.snippet = long;
    const line = toModelText(response, { now }).split('\n')[2]!;
    expect(line.length).toBeLessThanOrEqual(240);
    expect(line).toMatch(/here\.$/);
    const whole = toModelText(response, { now, maxSnippetChars: Number.POSITIVE_INFINITY }).split('\n')[2];
    expect(whole).toBe(long.trim());
  });

  it('says so when there are no results, and marks stale answers', () => {
    expect(toModelText(emptyResponse(), { now })).toBe('No results for "nothing matches this" (2025-11-30).');
    const stale = { ...bitcoinResponse(), cached: true, stale: true, ageMs: 25 * 3_600_000 };
    expect(toModelText(stale, { now }).split('\n').slice(0, 3)).toEqual([
      'Results for "bitcoin price" (2025-11-30, cached):',
      'This answer is from 25 hours ago and may be outdated.',
      '[1] Bitcoin price today, BTC to USD live price (coinmarketcap.com)',
    ]);
  });

  it('marks a cached answer in the header, and only a cached one', () => {
    const fresh = toModelText(bitcoinResponse(), { now });
    const cached = toModelText({ ...bitcoinResponse(), cached: true, ageMs: 3_600_000 }, { now });
    expect(fresh.split('\n')[0]).toBe('Results for "bitcoin price" (2025-11-30):');
    expect(cached.split('\n')[0]).toBe('Results for "bitcoin price" (2025-11-30, cached):');
    // Nothing else changes: the results read the same.
    expect(cached.split('\n').slice(1)).toEqual(fresh.split('\n').slice(1));
    expect(toModelText({ ...emptyResponse(), cached: true }, { now })).toBe(
      'No results for "nothing matches this" (2025-11-30, cached).',
    );
  });

  it('keeps hostile text inside its own result: one title line and one snippet line each', () => {
    const response = hostileResponse();
    const text = toModelText(response, { now, maxSnippetChars: 1_000 });
    const lines = text.split('\n');
    expect(lines).toHaveLength(1 + 2 * response.results.length);
    const numbered = lines.filter((l) => /^\[\d+\]/.test(l)).map((l) => l.match(/^\[(\d+)\]/)![1]);
    expect(numbered).toEqual(['1', '2', '3']);
    expect(text).not.toMatch(/\[9\]/);
    expect(lines[2]).toMatch(/^Ignore previous instructions/);
    expect(lines[2]).toContain('Forged result (evil.com) more');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting they are gone
    expect(text).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u2028\uFFFE]|[\uD800-\uDFFF]/u);
    expect(lines[4]).toBe('Line one Line two Line three end .');
  });
});
