import { describe, expect, it } from 'vitest';
import { SendRate } from './send-rate.ts';

/** Sends at `perSecond` for `ms` from `from`, answering those let through; returns how many were. */
function sendAt(rate: SendRate, perSecond: number, from: number, ms: number): number {
  let sent = 0;
  for (let t = from; t < from + ms; t += 1_000 / perSecond) {
    if (rate.tryTake(t)) {
      sent++;
      rate.answered(t);
    }
  }
  return sent;
}

describe('SendRate', () => {
  it('holds nothing back until a throttle, then cuts to about 70% of what was sent', () => {
    const rate = new SendRate();
    expect(sendAt(rate, 100, 0, 1_000)).toBe(100);
    expect(rate.rate).toBeUndefined();
    rate.throttled(1_000);
    // Never below what the provider answered over the last second (the 99 answered after t=0): the floor wins.
    expect(rate.rate).toBe(99);
    const quiet = new SendRate();
    for (let t = 0; t < 1_000; t += 10) quiet.tryTake(t); // sent, none answered
    quiet.throttled(1_000);
    expect(quiet.rate).toBeGreaterThan(60);
    expect(quiet.rate).toBeLessThan(80);
  });

  it('lets through only about its rate, and climbs back with answers', () => {
    const rate = new SendRate();
    for (let t = 0; t < 1_000; t += 10) rate.tryTake(t);
    rate.throttled(1_000);
    const cut = rate.rate!;
    const sent = sendAt(rate, 100, 1_000, 1_000);
    expect(sent).toBeLessThan(90);
    expect(sent).toBeGreaterThan(cut / 2);
    sendAt(rate, 100, 2_000, 5_000);
    expect(rate.rate!).toBeGreaterThan(cut);
  });

  it('cuts once for a burst of throttles from requests sent before the cut', () => {
    const rate = new SendRate();
    for (let t = 0; t < 1_000; t += 10) rate.tryTake(t);
    rate.throttled(1_000, 990);
    const cut = rate.rate!;
    rate.throttled(1_001, 995);
    rate.throttled(1_002, 999);
    expect(rate.rate).toBe(cut);
  });

  it('counts a request sent anyway (panic) against its tokens', () => {
    const rate = new SendRate();
    for (let t = 0; t < 1_000; t += 10) rate.tryTake(t);
    rate.throttled(1_000);
    const t = 1_000;
    while (rate.tryTake(t)) {} // drain the bucket at one instant
    rate.sendAnyway(t);
    expect(rate.tryTake(t + 1)).toBe(false);
  });
});
