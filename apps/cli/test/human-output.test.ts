import type { SearchResponse } from '@agent-search/core';
import { describe, expect, it } from 'vitest';
import { age, footer, formatHuman, shortDate, wrap } from '../src/human-output.ts';

const NOW = Date.UTC(2026, 0, 1, 12);

function response(overrides: Partial<SearchResponse> = {}): SearchResponse {
  return {
    query: 'node',
    mode: 'text',
    results: [
      {
        title: 'Node.js',
        url: 'https://nodejs.org/',
        snippet: 'Run JavaScript.',
        source: 'nodejs.org',
        provider: 'duckduckgo',
      },
    ],
    provider: 'duckduckgo',
    cached: false,
    searchTimeMs: 412,
    totalResults: 1,
    fetchedAt: new Date(NOW).toISOString(),
    attempts: [],
    ...overrides,
  };
}

describe('footer', () => {
  const names = new Map([['duckduckgo', 'DuckDuckGo']]);

  it('names the provider and the time', () => {
    expect(footer(response(), names)).toBe('1 result from DuckDuckGo in 412 ms');
  });

  it('says what a paid search cost, every paid attempt counted', () => {
    const attempts = [
      { provider: 'duckduckgo', outcome: 'error' as const, code: 'blocked' as const, ms: 90 },
      { provider: 'tavily', outcome: 'success' as const, costUsd: 0.008, ms: 300 },
    ];
    expect(footer(response({ provider: 'tavily', attempts, costUsd: 0.008 }), names)).toBe(
      '1 result from tavily in 412 ms, cost $0.008',
    );
  });

  it('says how old a cached answer is', () => {
    expect(footer(response({ cached: true, ageMs: 180_000 }), names)).toBe(
      '1 result from DuckDuckGo in 412 ms (from cache, 3 min old)',
    );
  });

  it('says when a stale answer stood in for failed providers, and that it may be outdated', () => {
    const attempts = [
      { provider: 'duckduckgo', outcome: 'error' as const, code: 'timeout' as const, ms: 4000 },
    ];
    expect(footer(response({ cached: true, stale: true, ageMs: 7_200_000, attempts }), names)).toBe(
      '1 result from DuckDuckGo in 412 ms (stale cache, 2 h old: may be outdated; every provider failed)',
    );
    expect(footer(response({ cached: true, stale: true, ageMs: 7_200_000, attempts: [] }), names)).toBe(
      '1 result from DuckDuckGo in 412 ms (stale cache, 2 h old: may be outdated)',
    );
    expect(formatHuman(response({ results: [], cached: true, stale: true, ageMs: 60_000, attempts }))).toBe(
      'No results for "node" (stale cache, 1 min old: may be outdated; every provider failed).\n',
    );
  });
});

describe('dates and ages', () => {
  it('shows recent dates relative to now and older ones as a day', () => {
    expect(shortDate(new Date(NOW - 20 * 60_000).toISOString(), NOW)).toBe('20 min ago');
    expect(shortDate(new Date(NOW - 5 * 3_600_000).toISOString(), NOW)).toBe('5 h ago');
    expect(shortDate('2025-03-04T00:00:00.000Z', NOW)).toBe('4 Mar 2025');
    expect(shortDate('not a date', NOW)).toBeUndefined();
  });

  it('rounds ages to the largest sensible unit', () => {
    expect(age(42_000)).toBe('42 s old');
    expect(age(3 * 60_000)).toBe('3 min old');
    expect(age(2 * 3_600_000)).toBe('2 h old');
    expect(age(3 * 86_400_000)).toBe('3 d old');
  });
});

describe('wrap', () => {
  it('fills lines up to the width', () => {
    expect(wrap('aa bb cc dd', 5, 3)).toEqual(['aa bb', 'cc dd']);
  });

  it('cuts after maxLines with an ellipsis, never past the width', () => {
    const lines = wrap('aaaa bbbb cccc dddd eeee', 9, 2);
    expect(lines).toEqual(['aaaa bbbb', 'cccc ddd…']);
    expect(wrap('aa bb cc dd ee', 5, 2)).toEqual(['aa bb', 'cc d…']);
  });

  it('shortens a single word longer than the width', () => {
    expect(wrap('x'.repeat(30), 10, 2)).toEqual([`${'x'.repeat(9)}…`]);
  });
});

describe('formatHuman', () => {
  it('says "No results" for an empty answer', () => {
    expect(formatHuman(response({ results: [] }))).toBe('No results for "node".\n');
  });

  it('aligns numbers when there are ten results', () => {
    const results = Array.from({ length: 10 }, (_, i) => ({
      title: `Result ${i + 1}`,
      url: `https://example.com/${i}`,
      snippet: 'Text.',
      source: 'example.com',
      provider: 'duckduckgo',
    }));
    const out = formatHuman(response({ results }), { now: NOW });
    expect(out).toContain('\n 9. Result 9\n    example.com\n');
    expect(out).toContain('\n10. Result 10\n    example.com\n');
  });
});
