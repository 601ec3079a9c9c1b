import { describe, expect, it } from 'vitest';
import { SearchError } from './errors.ts';
import {
  codeForHttpStatus,
  errorMember,
  httpStatusError,
  isNetworkError,
  networkErrorCode,
  parseRetryAfter,
} from './http.ts';

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

describe('errorMember', () => {
  it('is the error member of a JSON body, whatever it holds', () => {
    expect(errorMember('{"error":{"code":"insufficient_quota","message":"m"}}')).toEqual({
      code: 'insufficient_quota',
      message: 'm',
    });
    expect(errorMember('{"error":"Invalid API key."}')).toBe('Invalid API key.');
  });

  it('is undefined for a body that is not JSON, not an object, or has no error member', () => {
    for (const body of [
      '',
      '<html>502 Bad Gateway</html>',
      '{"error":',
      'null',
      '"error"',
      '[{"error":1}]',
      '{}',
    ])
      expect(errorMember(body)).toBeUndefined();
  });
});

describe('httpStatusError', () => {
  const KEY = 'sk-live-0123456789';

  it('names the provider, the status and the reason in the body, and keeps the status', () => {
    const error = httpStatusError({
      provider: 'acme',
      name: 'Acme',
      status: 400,
      body: JSON.stringify({ error: { message: 'query is too long' } }),
    });
    expect(error).toBeInstanceOf(SearchError);
    expect(error).toMatchObject({ code: 'invalid_request', provider: 'acme', status: 400, retryable: false });
    expect(error.message).toBe('Acme rejected the request (HTTP 400): query is too long');
  });

  it.each([
    ['{"detail":{"error":"plan limit"}}', 'plan limit'],
    ['{"detail":"Not authenticated"}', 'Not authenticated'],
    ['{"error":"bad key"}', 'bad key'],
    ['{"message":"try later"}', 'try later'],
  ])('finds the reason in %s', (body, reason) => {
    const error = httpStatusError({ provider: 'acme', name: 'Acme', status: 500, body });
    expect(error.message).toBe(`Acme is unavailable (HTTP 500): ${reason}`);
  });

  it('reads a parsed body too, and never quotes a body without a known reason field', () => {
    const parsed = httpStatusError({
      provider: 'a',
      name: 'A',
      status: 401,
      body: { error: { message: 'no' } },
    });
    expect(parsed.message).toBe('A rejected the API key (HTTP 401): no');
    for (const body of ['<html>Bad Gateway</html>', '{"results":[]}', '"just a string"', null, undefined]) {
      expect(httpStatusError({ provider: 'a', name: 'A', status: 502, body }).message).toBe(
        'A is unavailable (HTTP 502)',
      );
    }
  });

  it('redacts the secrets an upstream echoes, and cuts a long reason short', () => {
    const echo = httpStatusError({
      provider: 'a',
      name: 'A',
      status: 401,
      body: { detail: `Invalid key Bearer ${KEY}` },
      secrets: [KEY, undefined],
    });
    expect(echo.message).toBe('A rejected the API key (HTTP 401): Invalid key Bearer [redacted]');
    expect(JSON.stringify(echo)).not.toContain(KEY);
    const long = httpStatusError({
      provider: 'a',
      name: 'A',
      status: 400,
      body: { detail: 'word '.repeat(100) },
    });
    const reason = long.message.split(': ')[1] ?? '';
    expect(reason.length).toBeLessThanOrEqual(160);
    expect(reason.endsWith('…')).toBe(true);
  });

  it('reads Retry-After only when rate limited', () => {
    const headers = new Headers({ 'retry-after': '30' });
    expect(httpStatusError({ provider: 'a', name: 'A', status: 429, headers })).toMatchObject({
      code: 'rate_limited',
      retryAfterMs: 30_000,
      message: 'A is rate limiting requests (HTTP 429)',
    });
    expect(httpStatusError({ provider: 'a', name: 'A', status: 429 }).retryAfterMs).toBeUndefined();
    expect(httpStatusError({ provider: 'a', name: 'A', status: 503, headers }).retryAfterMs).toBeUndefined();
  });

  it('quotes a reason the caller gives instead of the body, redacted like one', () => {
    const error = httpStatusError({
      provider: 'a',
      name: 'A',
      status: 202,
      body: { detail: 'ignored' },
      reason: `bot challenge for ${KEY}`,
      secrets: [KEY],
      overrides: { 202: 'blocked' },
    });
    expect(error.message).toBe('A blocked the request (HTTP 202): bot challenge for [redacted]');
  });

  it("applies a provider's own statuses", () => {
    const error = httpStatusError({
      provider: 'a',
      name: 'A',
      status: 432,
      overrides: { 432: 'quota_exceeded' },
    });
    expect(error).toMatchObject({ code: 'quota_exceeded', status: 432 });
    expect(error.message).toBe('A usage limit reached (HTTP 432)');
  });
});

describe('isNetworkError and networkErrorCode', () => {
  const socket = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:9`), { code });

  it("finds the socket code in fetch's TypeError cause, or on a needle/http error itself", () => {
    const fetchFailure = new TypeError('fetch failed', { cause: socket('ECONNREFUSED') });
    expect(isNetworkError(fetchFailure)).toBe(true);
    expect(networkErrorCode(fetchFailure)).toBe('ECONNREFUSED');
    for (const code of [
      'ECONNRESET',
      'EAI_AGAIN',
      'ETIMEDOUT',
      'UND_ERR_SOCKET',
      'UND_ERR_CONNECT_TIMEOUT',
    ]) {
      expect(networkErrorCode(socket(code))).toBe(code);
    }
    const deep = new Error('outer', { cause: new Error('middle', { cause: fetchFailure }) });
    expect(networkErrorCode(deep)).toBe('ECONNREFUSED');
  });

  it('knows the failures that carry no code by their message', () => {
    for (const message of ['fetch failed', 'Failed to fetch', 'Network error', 'socket hang up']) {
      expect(isNetworkError(new TypeError(message))).toBe(true);
      expect(networkErrorCode(new TypeError(message))).toBeUndefined();
    }
  });

  it('does not take parsing errors, HTTP errors or non-errors for network failures', () => {
    expect(isNetworkError(new TypeError("Cannot read properties of undefined (reading 'results')"))).toBe(
      false,
    );
    expect(isNetworkError(new SyntaxError('Unexpected token < in JSON'))).toBe(false);
    expect(isNetworkError(Object.assign(new Error('bad'), { code: 'ERR_INVALID_URL' }))).toBe(false);
    expect(isNetworkError(new SearchError('rate_limited', 'slow down'))).toBe(false);
    expect(isNetworkError('ECONNRESET')).toBe(false);
    expect(isNetworkError(undefined)).toBe(false);
  });

  it('stops at a cycle in the cause chain', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(isNetworkError(a)).toBe(false);
  });
});
