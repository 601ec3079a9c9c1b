// Imported by path, not as a dependency: testing depends on core, and a dev dependency back would be a cycle.

import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpTestProvider, hang, useMswServer } from '../../testing/src/index.ts';
import { createSearchClient } from './client.ts';
import { carryDeadline, startDeadline } from './deadline.ts';

const server = useMswServer();
const URL_A = 'https://a.test/search';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

/** A provider whose upstream never answers, counting the requests that reached it. */
function hungProvider() {
  const calls = { count: 0 };
  server.use(
    http.post(URL_A, ({ request }) => {
      calls.count++;
      return hang(request);
    }),
  );
  return { calls, provider: createHttpTestProvider({ id: 'a', url: URL_A }) };
}

describe('the client reads the deadline a layer above fixed', () => {
  it('gives the chain what is left of it, whatever timeoutMs it is also handed', async () => {
    const { provider } = hungProvider();
    const client = createSearchClient({ providers: [provider], timeoutMs: 8_000, attemptTimeoutMs: 8_000 });
    const deadline = startDeadline(1_000);
    vi.advanceTimersByTime(600); // a layer above waited 600 ms
    const started = Date.now();
    const outcome = client
      .search({ query: 'q' }, { signal: carryDeadline(undefined, deadline), timeoutMs: 1_000 })
      .then(
        () => ({ at: Date.now(), code: undefined }),
        (error: { code?: string }) => ({ at: Date.now(), code: error.code }),
      );
    await vi.advanceTimersByTimeAsync(5_000);
    const { at, code } = await outcome;
    expect(code).toBe('timeout');
    expect(at - started).toBe(400);
  });

  it('a deadline used up above is the search’s timeout, before any provider is asked', async () => {
    const { calls, provider } = hungProvider();
    const client = createSearchClient({ providers: [provider] });
    const deadline = startDeadline(500);
    vi.advanceTimersByTime(500);
    const error = await client
      .search({ query: 'q' }, { signal: carryDeadline(undefined, deadline) })
      .catch((e: unknown) => e as { code?: string; message?: string });
    expect(error).toMatchObject({
      code: 'timeout',
      message: 'The search used its 500 ms deadline before reaching a provider',
    });
    expect(calls.count).toBe(0);
  });
});
