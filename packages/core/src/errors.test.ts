import { describe, expect, it, vi } from 'vitest';
import { isSearchError, SearchConfigError, SearchError } from './errors.ts';

/**
 * A second copy of the module, as an app gets when two versions of core are installed: the same source
 * evaluated again (the module registry reset), so its classes are other objects and `instanceof` across the copies is false.
 */
async function secondCopy(): Promise<typeof import('./errors.ts')> {
  vi.resetModules();
  return import('./errors.ts');
}

describe('errors from another copy of core', () => {
  it('is a real second copy: instanceof does not hold across it', async () => {
    const other = await secondCopy();
    expect(other.SearchError).not.toBe(SearchError);
    expect(new other.SearchConfigError('X', 'bad') instanceof SearchConfigError).toBe(false);
    expect(new other.SearchError('timeout', 'slow') instanceof SearchError).toBe(false);
  });

  it('are recognised by the static is guards, both ways', async () => {
    const other = await secondCopy();
    const config = new other.SearchConfigError('SEARCH_PROVIDER_PRIORITY', 'names no provider');
    expect(SearchConfigError.is(config)).toBe(true);
    expect(other.SearchConfigError.is(new SearchConfigError('X', 'bad'))).toBe(true);
    expect(SearchError.is(new other.SearchError('timeout', 'slow'))).toBe(true);
    expect(isSearchError(new other.SearchError('timeout', 'slow'))).toBe(true);
    expect(other.isSearchError(new SearchError('timeout', 'slow'))).toBe(true);
  });

  it('tells the classes apart, and plain look-alikes from both', async () => {
    const other = await secondCopy();
    expect(SearchConfigError.is(new other.SearchError('timeout', 'slow'))).toBe(false);
    expect(SearchError.is(new other.SearchConfigError('X', 'bad'))).toBe(false);
    const lookAlike = Object.assign(new Error('X: bad'), { name: 'SearchConfigError', variable: 'X' });
    expect(SearchConfigError.is(lookAlike)).toBe(false);
    expect(SearchError.is({ name: 'SearchError', code: 'timeout' })).toBe(false);
    for (const value of [undefined, null, 'SearchError', 42]) {
      expect(SearchError.is(value)).toBe(false);
      expect(SearchConfigError.is(value)).toBe(false);
    }
  });
});

describe('SearchError', () => {
  it('takes retryable from its code unless told, and keeps the cause out of its JSON', () => {
    const cause = new Error('GET https://api.example/search?key=sk-secret failed');
    const error = new SearchError('rate_limited', 'Brave is rate limiting requests', {
      provider: 'brave',
      retryAfterMs: 2000,
      status: 429,
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.retryable).toBe(true);
    expect(error.cause).toBe(cause);
    expect(error.toJSON()).toEqual({
      name: 'SearchError',
      code: 'rate_limited',
      message: 'Brave is rate limiting requests',
      retryable: true,
      provider: 'brave',
      retryAfterMs: 2000,
      status: 429,
      attempts: undefined,
    });
    expect(JSON.stringify(error)).not.toContain('sk-secret');
    expect(new SearchError('unauthorized', 'bad key').retryable).toBe(false);
    expect(new SearchError('unauthorized', 'bad key', { retryable: true }).retryable).toBe(true);
    expect(new SearchError('timeout', 'slow', { retryable: false }).retryable).toBe(false);
  });
});
