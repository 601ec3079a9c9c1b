import { describe, expect, it } from 'vitest';
import { Bulkhead, BulkheadFullError } from './bulkhead.ts';

/** A task that runs until `finish()` (or `fail()`) is called, recording when it started. */
function gate(started: number[], id: number) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<number>((resolve, reject) => {
    finish = () => resolve(id);
    fail = reject;
  });
  return {
    task: () => {
      started.push(id);
      return done;
    },
    finish,
    fail,
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const quiet = () => new AbortController().signal;

describe('Bulkhead', () => {
  it('runs at most maxConcurrent tasks at once and starts the others in the order they came', async () => {
    const bulkhead = new Bulkhead(2, 10);
    const started: number[] = [];
    const gates = [0, 1, 2, 3, 4].map((id) => gate(started, id));
    const runs = gates.map((g) => bulkhead.run(quiet(), g.task));
    await tick();
    expect(started).toEqual([0, 1]);
    expect([bulkhead.running, bulkhead.queued]).toEqual([2, 3]);
    gates[1]!.finish();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.finish();
    gates[2]!.finish();
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect([bulkhead.running, bulkhead.queued]).toEqual([2, 0]);
    gates[3]!.finish();
    gates[4]!.finish();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(bulkhead.running).toBe(0);
  });

  it('refuses a call at once with BulkheadFullError when the queue is full, and never runs it', async () => {
    const bulkhead = new Bulkhead(1, 2);
    const started: number[] = [];
    const gates = [0, 1, 2].map((id) => gate(started, id));
    const runs = gates.map((g) => bulkhead.run(quiet(), g.task));
    let ranRefused = false;
    const refused = bulkhead.run(quiet(), async () => {
      ranRefused = true;
    });
    await expect(refused).rejects.toBeInstanceOf(BulkheadFullError);
    await expect(refused).rejects.toThrow('busy: 1 calls running and 2 waiting');
    expect(BulkheadFullError.is(await refused.catch((e: unknown) => e))).toBe(true);
    expect(BulkheadFullError.is(new Error('busy'))).toBe(false);
    for (const g of gates) g.finish();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(ranRefused).toBe(false);
  });

  it('with maxQueued 0, runs up to the limit and refuses the rest', async () => {
    const bulkhead = new Bulkhead(1, 0);
    const started: number[] = [];
    const only = gate(started, 0);
    const run = bulkhead.run(quiet(), only.task);
    await expect(bulkhead.run(quiet(), async () => 1)).rejects.toBeInstanceOf(BulkheadFullError);
    only.finish();
    await run;
    expect(await bulkhead.run(quiet(), async () => 'free again')).toBe('free again');
  });

  it('takes a queued call whose signal aborts out of the queue, with its reason, leaking no slot', async () => {
    const bulkhead = new Bulkhead(1, 2);
    const started: number[] = [];
    const [first, second, third, fourth] = [0, 1, 2, 3].map((id) => gate(started, id));
    const controller = new AbortController();
    const one = bulkhead.run(quiet(), first!.task);
    const two = bulkhead.run(controller.signal, second!.task);
    const three = bulkhead.run(quiet(), third!.task);
    controller.abort(new Error('gave up'));
    await expect(two).rejects.toThrow('gave up');
    expect(bulkhead.queued).toBe(1);
    // Its place in the queue is free at once: another call may wait there.
    const four = bulkhead.run(quiet(), fourth!.task);
    expect(bulkhead.queued).toBe(2);
    first!.finish();
    await tick();
    expect(started).toEqual([0, 2]);
    third!.finish();
    await tick();
    fourth!.finish();
    expect(await Promise.all([one, three, four])).toEqual([0, 2, 3]);
    expect([bulkhead.running, bulkhead.queued]).toEqual([0, 0]);
    // Every slot is free again: the next call starts at once.
    const later = gate(started, 4);
    const five = bulkhead.run(quiet(), later.task);
    await tick();
    expect(started).toEqual([0, 2, 3, 4]);
    later.finish();
    await five;
  });

  it('keeps FIFO order when waiters leave from the front, the middle and the back', async () => {
    const bulkhead = new Bulkhead(1, 10);
    const started: number[] = [];
    const gates = [0, 1, 2, 3, 4, 5].map((id) => gate(started, id));
    const controllers = gates.map(() => new AbortController());
    const runs = gates.map((g, i) => bulkhead.run(controllers[i]!.signal, g.task).catch(() => -1));
    for (const i of [1, 3, 5]) controllers[i]!.abort(new Error('left'));
    expect(bulkhead.queued).toBe(2);
    for (const i of [0, 2, 4]) {
      await tick();
      expect(started.at(-1)).toBe(i);
      gates[i]!.finish();
    }
    expect(await Promise.all(runs)).toEqual([0, -1, 2, -1, 4, -1]);
    expect(started).toEqual([0, 2, 4]);
    expect(bulkhead.running).toBe(0);
  });

  it('frees the slot of a running call that ends because its signal aborted', async () => {
    const bulkhead = new Bulkhead(1, 1);
    const controller = new AbortController();
    const honoursSignal = () =>
      new Promise<never>((_, reject) => {
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
      });
    const running = bulkhead.run(controller.signal, honoursSignal);
    const started: number[] = [];
    const next = gate(started, 1);
    const waiting = bulkhead.run(quiet(), next.task);
    await tick();
    expect(started).toEqual([]);
    controller.abort(new Error('cancelled'));
    await expect(running).rejects.toThrow('cancelled');
    await tick();
    expect(started).toEqual([1]);
    next.finish();
    expect(await waiting).toBe(1);
    expect(bulkhead.running).toBe(0);
  });

  it('frees the slot when a task rejects or throws before returning a promise', async () => {
    const bulkhead = new Bulkhead(1, 1);
    const started: number[] = [];
    const failing = gate(started, 0);
    const run = bulkhead.run(quiet(), failing.task);
    const waiting = bulkhead.run(quiet(), async () => 'second');
    failing.fail(new Error('boom'));
    await expect(run).rejects.toThrow('boom');
    expect(await waiting).toBe('second');
    await expect(
      bulkhead.run(quiet(), () => {
        throw new Error('sync boom');
      }),
    ).rejects.toThrow('sync boom');
    expect(bulkhead.running).toBe(0);
    expect(await bulkhead.run(quiet(), async () => 'ran')).toBe('ran');
  });

  it('rejects at once on a signal already aborted, free slot or not', async () => {
    const bulkhead = new Bulkhead(1, 1);
    let ran = false;
    await expect(
      bulkhead.run(AbortSignal.abort(new Error('already')), async () => {
        ran = true;
      }),
    ).rejects.toThrow('already');
    expect(ran).toBe(false);
    expect(bulkhead.running).toBe(0);
  });

  it('serves a thousand queued calls with a few hundred aborting, in order and without leaking', async () => {
    const bulkhead = new Bulkhead(3, Number.POSITIVE_INFINITY);
    const order: number[] = [];
    const controllers = Array.from({ length: 1_000 }, () => new AbortController());
    const runs = controllers.map((c, i) =>
      bulkhead.run(c.signal, async () => {
        order.push(i);
        await tick();
        return i;
      }),
    );
    controllers.forEach((c, i) => {
      if (i % 3 === 1) c.abort(new Error('late'));
    });
    const settled = await Promise.allSettled(runs);
    const kept = [...order];
    expect(kept).toEqual(kept.toSorted((a, b) => a - b));
    // The first three started before anyone aborted; every other one that aborted never ran.
    expect(kept.filter((i) => i % 3 === 1 && i > 2)).toEqual([]);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(kept.length);
    expect([bulkhead.running, bulkhead.queued]).toEqual([0, 0]);
  });

  it('refuses limits that are not whole numbers', () => {
    expect(() => new Bulkhead(0, 1)).toThrow(RangeError);
    expect(() => new Bulkhead(1.5, 1)).toThrow(RangeError);
    expect(() => new Bulkhead(Number.POSITIVE_INFINITY, 1)).toThrow(RangeError);
    expect(() => new Bulkhead(1, -1)).toThrow(RangeError);
    expect(() => new Bulkhead(1, Number.NaN)).toThrow(RangeError);
    expect(() => new Bulkhead(1, Number.POSITIVE_INFINITY)).not.toThrow();
  });
});
