import { describe, expect, it } from 'vitest';
import { SearchSlots } from '../src/search-slots.ts';

/** A task that runs until `finish()` is called, recording when it started. */
function gate(started: number[], id: number) {
  let finish!: () => void;
  const done = new Promise<number>((resolve) => {
    finish = () => resolve(id);
  });
  return {
    task: () => {
      started.push(id);
      return done;
    },
    finish,
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('SearchSlots', () => {
  it('runs at most `limit` tasks at once and starts the others in the order they came', async () => {
    const slots = new SearchSlots(2);
    const started: number[] = [];
    const gates = [0, 1, 2, 3].map((id) => gate(started, id));
    const runs = gates.map((g) => slots.run(new AbortController().signal, g.task));
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1]!.finish();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.finish();
    gates[2]!.finish();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    gates[3]!.finish();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
  });

  it('drops a waiter whose signal aborts, with its reason, and gives its turn to the next', async () => {
    const slots = new SearchSlots(1);
    const started: number[] = [];
    const [first, second, third] = [0, 1, 2].map((id) => gate(started, id));
    const controller = new AbortController();
    const one = slots.run(new AbortController().signal, first!.task);
    const two = slots.run(controller.signal, second!.task);
    const three = slots.run(new AbortController().signal, third!.task);
    controller.abort(new Error('gave up'));
    await expect(two).rejects.toThrow('gave up');
    first!.finish();
    await tick();
    expect(started).toEqual([0, 2]);
    third!.finish();
    expect(await Promise.all([one, three])).toEqual([0, 2]);
    // Every slot is free again: a new task starts at once.
    const later = gate(started, 3);
    const four = slots.run(new AbortController().signal, later.task);
    await tick();
    expect(started).toEqual([0, 2, 3]);
    later.finish();
    await four;
  });

  it('frees the slot when a task fails, and rejects at once on a signal already aborted', async () => {
    const slots = new SearchSlots(1);
    await expect(
      slots.run(new AbortController().signal, () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    expect(await slots.run(new AbortController().signal, async () => 'ran')).toBe('ran');
    const started: number[] = [];
    const busy = gate(started, 0);
    const running = slots.run(new AbortController().signal, busy.task);
    await expect(slots.run(AbortSignal.abort(new Error('already')), async () => 'no')).rejects.toThrow(
      'already',
    );
    busy.finish();
    await running;
  });
});
