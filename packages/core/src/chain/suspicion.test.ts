import { describe, expect, it } from 'vitest';
import { Suspicion } from './suspicion.ts';

describe('Suspicion', () => {
  it('after timeouts: suspect for the open time, doubling with each in a row up to the maximum', () => {
    const suspicion = new Suspicion(1_000, 3_000);
    suspicion.timedOut(0);
    expect([suspicion.suspect(999), suspicion.suspect(1_000)]).toEqual([true, false]);
    suspicion.timedOut(1_000);
    expect(suspicion.until).toBe(3_000);
    suspicion.timedOut(3_000);
    expect(suspicion.until).toBe(6_000); // 4 s capped at 3 s
    expect(suspicion.recovering()).toBe(true);
    // Any answer does not end it: only one to a request sent since.
    suspicion.answered();
    expect(suspicion.suspect(5_000)).toBe(true);
    suspicion.recovered();
    expect([suspicion.suspect(5_000), suspicion.recovering()]).toEqual([false, false]);
  });

  it('while an attempt is overdue: suspect until the last overdue one ends, or any answer comes', () => {
    const suspicion = new Suspicion(1_000, 60_000);
    suspicion.markOverdue(4_000);
    suspicion.markOverdue(3_000);
    expect(suspicion.until).toBe(4_000);
    suspicion.overdueEnded();
    expect(suspicion.suspect(2_000)).toBe(true); // one is still overdue
    suspicion.overdueEnded();
    expect(suspicion.suspect(2_000)).toBe(false);
    suspicion.markOverdue(9_000);
    suspicion.answered();
    expect(suspicion.suspect(2_000)).toBe(false);
    expect(suspicion.recovering()).toBe(false); // overdue is not a timeout
  });

  it("takes over another process's suspicion when it ends later, for at most two minutes", () => {
    const suspicion = new Suspicion(1_000, 60_000);
    suspicion.restore(9e15, 1_000);
    expect(suspicion.until).toBe(121_000);
    suspicion.restore(50_000, 1_000);
    expect(suspicion.until).toBe(121_000);
  });
});
