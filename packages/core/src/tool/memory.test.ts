// Imported by path, not as a dependency: testing depends on core, and a dev dependency back would be a cycle.

import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpTestProvider, useMswServer } from '../../../testing/src/index.ts';
import type { SearchOptions } from '../client.ts';
import { createSearchClient } from '../client.ts';
import { carryDeadline, deadlineOf, type SearchDeadline, startDeadline } from '../deadline.ts';
import type { SearchResponse } from '../response.ts';
import { wrapSearchClient } from '../wrap-client.ts';
import { searchThroughMemory, type ToolMemory } from './memory.ts';
import { runWebSearchTool } from './run.ts';

const server = useMswServer();
const URL_ = 'https://upstream.test/search';
const T0 = Date.parse('2026-11-24T12:00:00Z');

afterEach(() => {
  vi.useRealTimers();
});

/** A memory whose recall takes `ms` (on the faked clock) and finds nothing; the recall options it got. */
function slowEmptyMemory(ms: number) {
  const asked: { timeoutMs?: number | undefined; signal?: AbortSignal | undefined }[] = [];
  const memory: ToolMemory = {
    async recall(_query, options) {
      asked.push(options);
      await vi.advanceTimersByTimeAsync(ms);
      return [];
    },
    remember: async () => undefined,
  };
  return { memory, asked };
}

function webResponse(query: string): SearchResponse {
  return {
    query,
    mode: 'text',
    results: [{ title: 'T', url: 'https://a.example/', snippet: 's', source: 'a.example', provider: 'up' }],
    provider: 'up',
    cached: false,
    searchTimeMs: 1,
    totalResults: 1,
    fetchedAt: new Date().toISOString(),
    attempts: [],
  };
}

describe('the memory step keeps the search’s one deadline', () => {
  it('a deadline fixed above (on the signal) is the one the recall and the search are given', async () => {
    vi.useFakeTimers({ now: T0 });
    // The outer layer fixed 1,000 ms, then waited 300 ms (a queue) before the memory step ran.
    const deadline = startDeadline(1_000);
    const signal = carryDeadline(undefined, deadline);
    vi.advanceTimersByTime(300);
    const { memory, asked } = slowEmptyMemory(400);
    const searched: { deadline: SearchDeadline | undefined; timeoutMs: number | undefined }[] = [];
    await searchThroughMemory(
      { query: 'capital of Kazakhstan' },
      { signal },
      // A client default of its own: restarting from it would give the search 600 ms, not 300.
      { memory, clientTimeoutMs: 1_000 },
      async (request, options: SearchOptions) => {
        searched.push({ deadline: deadlineOf(options.signal), timeoutMs: options.timeoutMs });
        return webResponse(request.query);
      },
    );
    expect(asked[0]?.timeoutMs).toBe(500);
    expect(searched).toHaveLength(1);
    expect(searched[0]?.deadline).toBe(deadline);
    expect(searched[0]?.timeoutMs).toBe(300);
  });

  it('a recall never gets more than what is left of that deadline, and a spent one is the search’s timeout', async () => {
    vi.useFakeTimers({ now: T0 });
    const deadline = startDeadline(1_000);
    const signal = carryDeadline(undefined, deadline);
    vi.advanceTimersByTime(800);
    const { memory, asked } = slowEmptyMemory(200);
    let searches = 0;
    const answer = searchThroughMemory(
      { query: 'capital of Kazakhstan' },
      { signal, timeoutMs: 5_000 },
      { memory, clientTimeoutMs: 5_000 },
      async (request) => {
        searches++;
        return webResponse(request.query);
      },
    );
    await expect(answer).rejects.toMatchObject({ code: 'timeout' });
    expect(asked[0]?.timeoutMs).toBe(200);
    expect(searches).toBe(0);
  });

  it('with no deadline above, it fixes one and hands it down on the signal', async () => {
    vi.useFakeTimers({ now: T0 });
    const { memory } = slowEmptyMemory(250);
    const searched: (SearchDeadline | undefined)[] = [];
    await searchThroughMemory(
      { query: 'capital of Kazakhstan' },
      { timeoutMs: 1_000 },
      { memory },
      async (request, options) => {
        searched.push(deadlineOf(options.signal));
        expect(options.timeoutMs).toBe(750);
        return webResponse(request.query);
      },
    );
    expect(searched[0]?.at).toBe(T0 + 1_000);
  });
});

/** The real client over the upstream (msw), under a layer that notes the deadline and ms that reached it. */
function observedClient() {
  server.use(
    http.post(URL_, () =>
      HttpResponse.json({ results: [{ title: 'T', url: 'https://a.example/', snippet: 'web' }] }),
    ),
  );
  const inner = createSearchClient({
    providers: [createHttpTestProvider({ id: 'up', url: URL_ })],
    timeoutMs: 30_000,
    attemptTimeoutMs: 30_000,
  });
  const seen: { deadline: SearchDeadline | undefined; timeoutMs: number | undefined }[] = [];
  const client = wrapSearchClient(inner, {
    search: (input, options = {}) => {
      seen.push({ deadline: deadlineOf(options.signal), timeoutMs: options.timeoutMs });
      return inner.search(input, options);
    },
  });
  return { client, seen };
}

describe('runWebSearchTool’s deadline', () => {
  it('is fixed once from the caller’s context and reaches the client, recall time taken out', async () => {
    // Only Date is faked (the recall moves it on): the client and msw run on real timers.
    vi.useFakeTimers({ now: T0, toFake: ['Date'] });
    const { client, seen } = observedClient();
    const memory: ToolMemory = {
      async recall() {
        vi.setSystemTime(Date.now() + 400);
        return [];
      },
      remember: async () => undefined,
    };
    const answer = await runWebSearchTool(
      { query: 'capital of Kazakhstan' },
      { client, timeoutMs: 2_000, memory: { memory } },
    );
    expect(answer.isError).toBe(false);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.deadline?.at).toBe(T0 + 2_000);
    expect(seen[0]?.timeoutMs).toBe(1_600);
  });

  it('takes the deadline a caller’s signal carries over its own timeoutMs', async () => {
    vi.useFakeTimers({ now: T0, toFake: ['Date'] });
    const deadline = startDeadline(900);
    vi.setSystemTime(T0 + 100);
    const { client, seen } = observedClient();
    const memory: ToolMemory = { recall: async () => [], remember: async () => undefined };
    const answer = await runWebSearchTool(
      { query: 'capital of Kazakhstan' },
      { client, signal: carryDeadline(undefined, deadline), timeoutMs: 10_000, memory: { memory } },
    );
    expect(answer.isError).toBe(false);
    expect(seen[0]?.deadline).toBe(deadline);
    expect(seen[0]?.timeoutMs).toBe(800);
  });
});
