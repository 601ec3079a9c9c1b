import { describe, expect, it } from 'vitest';
import { codeForHttpStatus, parseRetryAfter } from './http.ts';

describe('codeForHttpStatus', () => {
  it.each([
    [400, 'invalid_request'],
    [401, 'unauthorized'],
    [402, 'quota_exceeded'],
    [403, 'unauthorized'],
    [404, 'provider_error'],
    [408, 'unavailable'],
    [429, 'rate_limited'],
    [500, 'unavailable'],
    [503, 'unavailable'],
  ])('%i → %s', (status, code) => {
    expect(codeForHttpStatus(status)).toBe(code);
  });

  it('lets a provider add its own statuses', () => {
    expect(codeForHttpStatus(432, { 432: 'quota_exceeded' })).toBe('quota_exceeded');
    expect(codeForHttpStatus(403, { 403: 'blocked' })).toBe('blocked');
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('30')).toBe(30_000);
    expect(
      parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', Date.parse('Wed, 21 Oct 2026 07:27:00 GMT')),
    ).toBe(60_000);
  });

  it('ignores missing, empty, negative and malformed values', () => {
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('  ')).toBeUndefined();
    expect(parseRetryAfter('-5')).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
