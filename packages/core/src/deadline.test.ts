import { describe, expect, it } from 'vitest';
import { carryDeadline, deadlineOf, searchDeadline, startDeadline, timeLeft } from './deadline.ts';
import { isSearchError } from './errors.ts';

/** A clock the test moves. */
function clock(start = 1_000) {
  const c = { time: start, now: () => c.time };
  return c;
}

describe('a search’s one deadline', () => {
  it('is an absolute time: what is left shrinks with the clock, whoever reads it', () => {
    const c = clock();
    const deadline = startDeadline(2_000, c.now);
    expect(deadline).toMatchObject({ ms: 2_000, at: 3_000 });
    c.time += 1_500;
    expect(deadline.left()).toBe(500);
    expect(timeLeft(deadline, 'waiting')).toBe(500);
    c.time += 600;
    const error = (() => {
      try {
        timeLeft(deadline, 'waiting for its turn');
      } catch (e) {
        return e;
      }
    })();
    expect(isSearchError(error) && error.code).toBe('timeout');
    expect((error as Error).message).toBe('The search used its 2000 ms deadline waiting for its turn');
  });

  it('is fixed once: a layer under the one that fixed it reads the same, whatever timeoutMs it is handed', () => {
    const c = clock();
    const fixed = searchDeadline({ timeoutMs: 1_000 }, 8_000, c.now);
    const signal = carryDeadline(undefined, fixed!);
    c.time += 400;
    // What the layer above passes as timeoutMs (what was left then) does not start a new deadline.
    const below = searchDeadline({ signal, timeoutMs: 1_000 }, 8_000, c.now);
    expect(below).toBe(fixed);
    expect(below!.left()).toBe(600);
  });

  it('comes from the caller’s timeoutMs, else the client’s, else none', () => {
    const c = clock();
    expect(searchDeadline({ timeoutMs: 300 }, 8_000, c.now)?.at).toBe(1_300);
    expect(searchDeadline({}, 8_000, c.now)?.at).toBe(9_000);
    expect(searchDeadline({}, undefined, c.now)).toBeUndefined();
  });

  it('travels on a signal of the search’s own: a caller’s signal shared by two searches carries neither', () => {
    const caller = new AbortController();
    const first = carryDeadline(caller.signal, startDeadline(1_000));
    const second = carryDeadline(caller.signal, startDeadline(5_000));
    expect(deadlineOf(caller.signal)).toBeUndefined();
    expect(deadlineOf(first)?.ms).toBe(1_000);
    expect(deadlineOf(second)?.ms).toBe(5_000);
    // Carrying the same deadline again reuses the carrier.
    expect(carryDeadline(first, deadlineOf(first)!)).toBe(first);
  });

  it('the carrier aborts with the caller’s signal, with its reason', () => {
    const caller = new AbortController();
    const carrier = carryDeadline(caller.signal, startDeadline(1_000));
    expect(carrier.aborted).toBe(false);
    const reason = new DOMException('user left', 'AbortError');
    caller.abort(reason);
    expect(carrier.aborted).toBe(true);
    expect(carrier.reason).toBe(reason);
  });
});
