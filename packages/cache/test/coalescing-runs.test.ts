import { SearchError } from '@agent-search/core';
import { describe, expect, it } from 'vitest';
import { Coalescing } from '../src/coalescing.ts';

/** A run that waits until released, counting its starts and watching its signal. */
function gatedWork<T>(value: T) {
  const state = { starts: 0, aborted: 0, release: () => {}, fail: (_error: Error) => {} };
  const run = (signal: AbortSignal) => {
    state.starts++;
    signal.addEventListener('abort', () => state.aborted++);
    return new Promise<T>((resolve, reject) => {
      state.release = () => resolve(value);
      state.fail = reject;
      signal.addEventListener('abort', () => reject(signal.reason));
    });
  };
  return { state, run };
}

const admitAll = async () => {};
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Coalescing (alone)', () => {
  it('concurrent calls with one key share one run and its outcome; another key runs on its own', async () => {
    const coalescing = new Coalescing<string>();
    const work = gatedWork('answer');
    const other = gatedWork('other answer');
    const calls = Array.from({ length: 20 }, () =>
      coalescing.run({ key: 'k', size: 5, admit: admitAll, run: work.run }),
    );
    const apart = coalescing.run({ key: 'k2', size: 5, admit: admitAll, run: other.run });
    await tick();
    expect(work.state.starts).toBe(1);
    expect(other.state.starts).toBe(1);
    work.state.release();
    other.state.release();
    expect(await Promise.all(calls)).toEqual(Array(20).fill('answer'));
    expect(await apart).toBe('other answer');
    expect(coalescing.size).toBe(0);
  });

  it('a call asking for less joins a run; one asking for more starts its own', async () => {
    const coalescing = new Coalescing<string>();
    const five = gatedWork('five');
    const eight = gatedWork('eight');
    const first = coalescing.run({ key: 'k', size: 5, admit: admitAll, run: five.run });
    await tick();
    const smaller = coalescing.run({ key: 'k', size: 2, admit: admitAll, run: five.run });
    const bigger = coalescing.run({ key: 'k', size: 8, admit: admitAll, run: eight.run });
    await tick();
    expect([five.state.starts, eight.state.starts]).toEqual([1, 1]);
    five.state.release();
    eight.state.release();
    expect(await Promise.all([first, smaller, bigger])).toEqual(['five', 'five', 'eight']);
  });

  it('only the caller that starts a run is admitted; when it is refused, a waiting caller starts it', async () => {
    const coalescing = new Coalescing<string>();
    const work = gatedWork('answer');
    const admitted: string[] = [];
    const refuse = new SearchError('rate_limited', 'You are searching too often');
    const admit = (who: string) => async () => {
      admitted.push(who);
      await tick(); // a limiter answers asynchronously: the others join meanwhile
      if (who === 'erin') throw refuse;
    };
    const call = (who: string) => coalescing.run({ key: 'k', size: 5, admit: admit(who), run: work.run });
    const [erin, frank, grace] = [call('erin'), call('frank'), call('grace')];
    await expect(erin).rejects.toBe(refuse);
    await tick();
    await tick();
    expect(admitted).toEqual(['erin', 'frank']);
    expect(work.state.starts).toBe(1);
    work.state.release();
    expect(await Promise.all([frank, grace])).toEqual(['answer', 'answer']);
  });

  it('shares a failure with every caller, and does not keep it: the next call runs again', async () => {
    const coalescing = new Coalescing<string>();
    const work = gatedWork('answer');
    const calls = [1, 2, 3].map(() => coalescing.run({ key: 'k', size: 5, admit: admitAll, run: work.run }));
    await tick();
    const failure = new SearchError('provider_error', 'upstream failure');
    work.state.fail(failure);
    for (const outcome of await Promise.allSettled(calls)) {
      expect(outcome).toEqual({ status: 'rejected', reason: failure });
    }
    const again = coalescing.run({ key: 'k', size: 5, admit: admitAll, run: work.run });
    await tick();
    expect(work.state.starts).toBe(2);
    work.state.release();
    expect(await again).toBe('answer');
  });

  it('one caller leaving does not abort the run; the last one leaving does', async () => {
    const coalescing = new Coalescing<string>();
    const work = gatedWork('answer');
    const [a, b] = [new AbortController(), new AbortController()];
    const first = coalescing.run({ key: 'k', size: 5, signal: a.signal, admit: admitAll, run: work.run });
    const second = coalescing.run({ key: 'k', size: 5, signal: b.signal, admit: admitAll, run: work.run });
    await tick();
    a.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect(work.state.aborted).toBe(0);
    b.abort();
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    expect(work.state.aborted).toBe(1);
    expect(coalescing.size).toBe(0);
  });
});
