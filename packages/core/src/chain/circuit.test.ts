import { describe, expect, it } from 'vitest';
import { Circuit } from './circuit.ts';

describe('Circuit', () => {
  it('goes closed, open, half-open by its open time, and closed again', () => {
    const circuit = new Circuit(1_000, 60_000);
    expect(circuit.state(0)).toBe('closed');
    circuit.open(10, circuit.backoffMs(), false);
    expect(circuit.state(1_009)).toBe('open');
    expect(circuit.state(1_010)).toBe('half-open');
    circuit.close(2_000);
    expect(circuit.state(2_000)).toBe('closed');
    expect(circuit.closedAt).toBe(2_000);
    expect(circuit.openedAt).toBe(10); // kept: an answer sent before it says nothing since
  });

  it('doubles its open time with each opening in a row, up to its maximum, and starts over on closing', () => {
    const circuit = new Circuit(1_000, 5_000);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      times.push(circuit.backoffMs());
      circuit.open(i, circuit.backoffMs());
    }
    expect(times).toEqual([1_000, 2_000, 4_000, 5_000, 5_000]);
    circuit.close(10);
    expect(circuit.backoffMs()).toBe(1_000);
  });

  it('remembers who judged an opening: a reopening keeps it, our own opening or a closing clears it', () => {
    const circuit = new Circuit(1_000, 60_000);
    circuit.open(0, 300_000, true);
    expect(circuit.byUpstream).toBe(true);
    circuit.open(300_000, circuit.backoffMs());
    expect(circuit.byUpstream).toBe(true);
    circuit.open(400_000, 1_000, false);
    expect(circuit.byUpstream).toBe(false);
    circuit.open(500_000, 1_000, true);
    circuit.close(600_000);
    expect(circuit.byUpstream).toBe(false);
  });

  it('holds one trial slot that only its end frees', () => {
    const circuit = new Circuit(1_000, 60_000);
    expect(circuit.trialRunning).toBe(false);
    circuit.startTrial();
    expect(circuit.trialRunning).toBe(true);
    circuit.trialEnded();
    circuit.trialEnded(); // an extra end never goes below zero
    expect(circuit.trialRunning).toBe(false);
    circuit.startTrial();
    expect(circuit.trialRunning).toBe(true);
  });

  it('takes over a restored opening, keeping the larger count of openings, at most 32', () => {
    const circuit = new Circuit(1_000, 60_000);
    circuit.open(0, 1_000);
    circuit.open(1_000, 2_000);
    circuit.restore({ openedAt: 5_000, openUntil: 9_000, openings: 1, byUpstream: true });
    expect(circuit).toMatchObject({ openedAt: 5_000, openUntil: 9_000, openings: 2, byUpstream: true });
    circuit.restore({ openedAt: 6_000, openUntil: 9_000, openings: 1e9, byUpstream: false });
    expect(circuit.openings).toBe(32);
    expect(circuit.backoffMs()).toBe(60_000);
  });
});
