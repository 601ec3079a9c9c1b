import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSearchClient } from '../client.ts';
import type { ProviderResponse, SearchProviderV1 } from '../provider.ts';
import type { SearchResponse } from '../response.ts';
import { fakeProvider } from './__fixtures__/fake-provider.ts';

// Issue 37: when the event loop is busy (load, a GC pause), an attempt's timer fires late, in the same turn
// of the loop in which its answer, already read, waits to be handled (timers run before I/O callbacks). The
// chain's clock is injected here apart from the timers: moving it without firing timers is a busy loop.

/** A provider whose answer comes when the test says, as an I/O callback would after the timers. */
function answerWhenTold(id: string) {
  let answer: ((response: ProviderResponse) => void) | undefined;
  const provider: SearchProviderV1 = {
    specificationVersion: 'v1',
    id,
    name: id,
    configured: true,
    capabilities: {
      modes: ['text'],
      timeRange: true,
      domainFilter: 'native',
      safeSearch: true,
      region: true,
      requiresApiKey: false,
    },
    search: (_request, { signal }) =>
      new Promise<ProviderResponse>((resolve, reject) => {
        answer = resolve;
        signal.addEventListener('abort', () => reject(signal.reason));
      }),
  };
  const results = [{ title: `${id} result`, url: `https://${id}.example/a`, snippet: 'an answer' }];
  return { provider, answer: () => answer?.({ results }) };
}

let clock: number;
beforeEach(() => {
  vi.useFakeTimers();
  clock = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

function startSearch(providers: SearchProviderV1[], timeoutMs: number) {
  const client = createSearchClient({
    providers,
    timeoutMs,
    attemptTimeoutMs: 1_000,
    hedge: false,
    now: () => clock,
  });
  const outcome: { response?: SearchResponse; error?: unknown } = {};
  void client.search({ query: 'q' }).then(
    (response) => {
      outcome.response = response;
    },
    (error: unknown) => {
      outcome.error = error;
    },
  );
  return outcome;
}

/** Fires the timers due in `ms` of timer time, the chain's clock reading `clockAt` when they run. */
async function timersFire(ms: number, clockAt: number) {
  clock = clockAt;
  await vi.advanceTimersByTimeAsync(ms);
}

describe('attempt timers on a starved event loop', () => {
  it('a timer firing late while the deadline has room waits what the loop took: the answer handled next wins', async () => {
    const slow = answerWhenTold('slow');
    const backup = fakeProvider('backup', { kind: 'answer', ms: 10 });
    const outcome = startSearch([slow.provider, backup], 8_000);
    await timersFire(0, 0);
    // Its 1,000 ms timer runs at 1,500 ms: the loop was busy for half a second past it.
    await timersFire(1_000, 1_500);
    expect(outcome.response).toBeUndefined();
    expect(backup.calls).toBe(0);
    slow.answer(); // the answer read during the busy spell, handled after the timers
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.response?.provider).toBe('slow');
    expect(outcome.response?.attempts).toEqual([{ provider: 'slow', outcome: 'success', ms: 1_500 }]);
    expect(backup.calls).toBe(0);
  });

  it('the same timer firing on time ends the attempt as a timeout, and the next provider answers', async () => {
    const slow = answerWhenTold('slow');
    const backup = fakeProvider('backup', { kind: 'answer', ms: 10 });
    const outcome = startSearch([slow.provider, backup], 8_000);
    await timersFire(0, 0);
    await timersFire(1_000, 1_010); // 10 ms late: a timer's ordinary jitter
    slow.answer();
    await timersFire(10, 1_020);
    expect(outcome.response?.provider).toBe('backup');
    expect(outcome.response?.attempts[0]).toMatchObject({
      provider: 'slow',
      outcome: 'timeout',
      limitMs: 1_000,
    });
  });

  it('a provider that never answers still times out: after the time the loop took, on a timer that is on time', async () => {
    const hung = answerWhenTold('hung');
    const backup = fakeProvider('backup', { kind: 'answer', ms: 10 });
    const outcome = startSearch([hung.provider, backup], 8_000);
    await timersFire(0, 0);
    await timersFire(1_000, 1_500); // late: 500 ms more
    expect(backup.calls).toBe(0);
    await timersFire(500, 2_000); // on time
    expect(backup.calls).toBe(1);
    await timersFire(10, 2_010);
    expect(outcome.response?.provider).toBe('backup');
    expect(outcome.response?.attempts[0]).toMatchObject({ provider: 'hung', outcome: 'timeout', ms: 2_000 });
  });

  it('gives no time past the deadline: a late timer with little room left waits only that, then fails', async () => {
    const hung = answerWhenTold('hung');
    const outcome = startSearch([hung.provider], 3_000);
    await timersFire(0, 0);
    await timersFire(1_000, 2_800); // 1,800 ms late, 200 ms of the deadline left
    expect(outcome.error).toBeUndefined();
    await timersFire(200, 3_000);
    expect(outcome.error).toMatchObject({ code: 'timeout' });
    expect((outcome.error as { attempts: unknown[] }).attempts).toEqual([
      expect.objectContaining({ provider: 'hung', outcome: 'timeout', ms: 3_000 }),
    ]);
  });

  it('never takes the time kept for the next provider: a late timer with none to spare fails over', async () => {
    const hung = answerWhenTold('hung');
    const backup = fakeProvider('backup', { kind: 'answer', ms: 10 });
    // 2,000 ms: the hung one may run 1,000, the other 1,000 are kept for the backup.
    const outcome = startSearch([hung.provider, backup], 2_000);
    await timersFire(0, 0);
    await timersFire(1_000, 1_400);
    expect(backup.calls).toBe(1);
    await timersFire(10, 1_410);
    expect(outcome.response?.provider).toBe('backup');
    expect(outcome.response?.attempts[0]).toMatchObject({ provider: 'hung', outcome: 'timeout', ms: 1_400 });
  });

  it('an attempt whose limit is the deadline gets nothing more, however late its timer', async () => {
    const hung = answerWhenTold('hung');
    const outcome = startSearch([hung.provider], 1_000);
    await timersFire(0, 0);
    await timersFire(1_000, 1_700);
    expect(outcome.error).toMatchObject({ code: 'timeout' });
    expect((outcome.error as { attempts: unknown[] }).attempts).toEqual([
      expect.objectContaining({ provider: 'hung', outcome: 'deadline' }),
    ]);
  });
});
