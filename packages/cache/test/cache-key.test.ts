import { createHash } from 'node:crypto';
import { normalizeRequest } from '@agent-search/core';
import { describe, expect, it } from 'vitest';
import { cacheKey } from '../src/index.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

describe('cacheKey', () => {
  it('is the SHA-256 of what identifies the request, as entries already in Redis were written', () => {
    const request = normalizeRequest({ query: 'Heat  Pumps', includeDomains: ['b.org', 'a.com'] });
    expect(cacheKey(request)).toBe(
      `search:v1:${sha256('["text","heat pumps","","moderate","",["a.com","b.org"],[],""]')}`,
    );
    expect(cacheKey(request, ['brave'])).toBe(
      `search:v1:${sha256('["text","heat pumps","","moderate","",["a.com","b.org"],[],"",["providers","brave"]]')}`,
    );
  });

  it('gives a request the same key however many others were keyed since, and long requests too', () => {
    const key = (query: string) => cacheKey(normalizeRequest({ query }));
    const first = key('first question');
    const long = key(`long ${'x'.repeat(500)}`);
    const others = new Set<string>();
    for (let i = 0; i < 2_500; i++) others.add(key(`question ${i}`));
    expect(others.size).toBe(2_500);
    expect(key('first question')).toBe(first);
    expect(key('First  Question')).toBe(first);
    expect(key(`long ${'x'.repeat(500)}`)).toBe(long);
    expect(first).toBe(`search:v1:${sha256('["text","first question","","moderate","",[],[],""]')}`);
    expect(others.has(first)).toBe(false);
  });
});
