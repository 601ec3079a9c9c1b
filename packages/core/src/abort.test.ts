import { describe, expect, it } from 'vitest';
import { raceAbort } from './abort.ts';

describe('raceAbort', () => {
  it('settles with the promise when the signal stays quiet', async () => {
    await expect(raceAbort(Promise.resolve(7), new AbortController().signal)).resolves.toBe(7);
    await expect(raceAbort(Promise.reject(new Error('boom')), new AbortController().signal)).rejects.toThrow(
      'boom',
    );
  });

  it('rejects with the reason as soon as the signal aborts, leaving no unhandled rejection behind', async () => {
    const controller = new AbortController();
    let fail!: (e: Error) => void;
    const slow = new Promise<number>((_, reject) => {
      fail = reject;
    });
    const raced = raceAbort(slow, controller.signal);
    controller.abort(new DOMException('stop', 'AbortError'));
    await expect(raced).rejects.toMatchObject({ name: 'AbortError' });
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    fail(new Error('late failure'));
    await new Promise((r) => setTimeout(r, 10));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
  });

  it('rejects at once for an already aborted signal', async () => {
    await expect(raceAbort(new Promise(() => {}), AbortSignal.abort())).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
