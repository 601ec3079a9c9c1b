import { SearchError } from '@agent-search/core';
import { describe, expect, it, vi } from 'vitest';
import { httpStatusError, isReadPageError, ReadPageError } from '../src/errors.ts';

/** A second copy of the module, as an app gets when two versions of the reader are installed. */
async function secondCopy(): Promise<typeof import('../src/errors.ts')> {
  vi.resetModules();
  return import('../src/errors.ts');
}

describe('ReadPageError', () => {
  it('is recognised across two copies of the package, where instanceof fails', async () => {
    const other = await secondCopy();
    const error = new other.ReadPageError('timeout', 'That site took too long to answer.');
    expect(error instanceof ReadPageError).toBe(false);
    expect(isReadPageError(error)).toBe(true);
    expect(ReadPageError.is(error)).toBe(true);
    expect(other.isReadPageError(new ReadPageError('unreadable', 'No text.'))).toBe(true);
    expect(isReadPageError(new SearchError('timeout', 'slow'))).toBe(false);
    expect(SearchError.is(error)).toBe(false);
    expect(isReadPageError({ name: 'ReadPageError', code: 'timeout' })).toBe(false);
  });

  it('takes retryable from its code unless told, and keeps the cause out of its JSON', () => {
    const cause = new Error('connect ECONNREFUSED http://10.0.0.1/?token=secret');
    const error = new ReadPageError('unreachable', 'That site cannot be reached right now.', { cause });
    expect(error.retryable).toBe(true);
    expect(error.cause).toBe(cause);
    expect(error.toJSON()).toEqual({
      name: 'ReadPageError',
      code: 'unreachable',
      message: 'That site cannot be reached right now.',
      retryable: true,
      status: undefined,
    });
    expect(JSON.stringify(error)).not.toContain('secret');
    expect(new ReadPageError('too_large', 'Too long.').retryable).toBe(false);
    expect(httpStatusError(503).toJSON()).toMatchObject({
      code: 'http_status',
      status: 503,
      retryable: true,
    });
    expect(httpStatusError(404).retryable).toBe(false);
  });
});
