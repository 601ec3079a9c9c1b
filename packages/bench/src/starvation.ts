import { createSearchClient, type SearchProvider } from '@agent-search/core';
import { createBraveProvider } from '@agent-search/provider-brave';
import { createExaProvider } from '@agent-search/provider-exa';
import { createTavilyProvider } from '@agent-search/provider-tavily';
import { seededRandom } from '@agent-search/testing/simulator';
import { plainLoop } from './plain-loop.ts';
import { runConcurrent } from './stats.ts';
import { EXA_KEY, query, type SimulatorProcess, startSimulatorProcess, TAVILY_KEY } from './upstreams.ts';

const BRAVE_KEY = 'brave-bench-0000000000000000';

export interface StarvationOptions {
  /** Searches by each contender. */
  searches: number;
  inFlight: number;
  /** Each spell of the busy loop: uniform in [min, max] ms of synchronous work. */
  busyMs: readonly [number, number];
  /** Between spells: uniform in [min, max] ms when the loop is free. */
  freeMs: readonly [number, number];
  /** One provider's limit, the chain's and the loop's. */
  attemptTimeoutMs: number;
  /** The chain's deadline for a search (the loop has none). */
  timeoutMs: number;
  /** Each upstream's time to answer, in its own process. */
  upstreamMs: number;
  seed: number;
}

/**
 * A loop busy about two thirds of the time in spells of up to 400 ms (a CPU-bound agent, a long GC pause),
 * upstreams answering in about 100 ms, attempt limits of 300 ms: an attempt whose request meets the start
 * of a long spell has its timer come due inside it, with the answer read and waiting behind it.
 */
export const DEFAULT_STARVATION: StarvationOptions = {
  searches: 300,
  inFlight: 10,
  busyMs: [100, 400],
  freeMs: [30, 120],
  attemptTimeoutMs: 300,
  timeoutMs: 3_000,
  upstreamMs: 100,
  seed: 37,
};

export interface StarvationReport {
  searches: number;
  /** Shares of searches answered, in [0, 1]. */
  ours: number;
  loop: number;
  /** The share of the run the loop spent busy, measured. */
  busyShare: number;
  /** The longest a timer of 10 ms came late during the run (the lag the searches met). */
  maxLagMs: number;
}

/**
 * Keeps this process's event loop busy in seeded spells, as load or GC pauses do, until stopped. Each
 * spell starts after the poll phase (setImmediate), so the timers that came due in it run before the I/O
 * callbacks of the answers that arrived meanwhile, as they would after any long callback.
 */
function busyLoop(options: StarvationOptions) {
  const random = seededRandom(options.seed);
  const between = (range: readonly [number, number]) => range[0] + random() * (range[1] - range[0]);
  let busy = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const started = performance.now();
  const spell = () => {
    if (stopped) return;
    const from = performance.now();
    const until = from + between(options.busyMs);
    while (performance.now() < until) {
      // Busy: what a CPU-bound callback or a collection does to every timer and socket of the process.
    }
    busy += performance.now() - from;
    timer = setTimeout(() => setImmediate(spell), between(options.freeMs));
  };
  timer = setTimeout(() => setImmediate(spell), between(options.freeMs));
  let maxLagMs = 0;
  let expected = performance.now() + 10;
  const probe = setInterval(() => {
    maxLagMs = Math.max(maxLagMs, performance.now() - expected);
    expected = performance.now() + 10;
  }, 10);
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      clearInterval(probe);
      return { busyShare: busy / (performance.now() - started), maxLagMs };
    },
  };
}

/** Tavily, Exa and Brave, each served by a simulator in a process of its own, answering in about `ms`. */
async function upstreamProcesses(
  seed: number,
  ms: number,
): Promise<{ providers: SearchProvider[]; close: () => Promise<void> }> {
  const latency = { kind: 'normal', meanMs: ms, sdMs: ms / 5 } as const;
  const processes: SimulatorProcess[] = await Promise.all(
    ['tavily', 'exa', 'brave'].map((id, i) => startSimulatorProcess(seed + i, id, latency)),
  );
  const [tavily, exa, brave] = processes as [SimulatorProcess, SimulatorProcess, SimulatorProcess];
  return {
    providers: [
      createTavilyProvider({ apiKey: TAVILY_KEY, baseURL: tavily.baseURL }),
      createExaProvider({ apiKey: EXA_KEY, baseURL: exa.baseURL }),
      createBraveProvider({ apiKey: BRAVE_KEY, baseURL: brave.baseURL }),
    ],
    close: async () => {
      await Promise.all(processes.map((p) => p.close()));
    },
  };
}

/**
 * Our chain (default settings but the limits above) and the plain loop over the same three providers, one
 * after the other, each while this process's event loop is kept busy. The upstreams live in other
 * processes, so their answers come on time: what fails a search is only this process's own lag.
 */
export async function runStarvation(
  options: StarvationOptions = DEFAULT_STARVATION,
): Promise<StarvationReport> {
  const upstreams = await upstreamProcesses(options.seed, options.upstreamMs);
  try {
    const { providers } = upstreams;
    const client = createSearchClient({
      providers,
      attemptTimeoutMs: options.attemptTimeoutMs,
      timeoutMs: options.timeoutMs,
    });
    // A warm process: connections open and code compiled before the loop is made busy.
    await runConcurrent(options.inFlight * 3, options.inFlight, (i) =>
      client.search({ query: query(i, 'warm-up') }).catch(() => undefined),
    );
    const busyOurs = busyLoop(options);
    const ours = await runConcurrent(options.searches, options.inFlight, (i) =>
      client.search({ query: query(i, 'starved') }).then(
        () => true,
        () => false,
      ),
    );
    const oursLoop = busyOurs.stop();
    const busyLoopRun = busyLoop(options);
    const loop = await runConcurrent(options.searches, options.inFlight, async (i) => {
      const request = client.normalize({ query: query(i, 'starved loop') });
      return (await plainLoop(providers, request, options.attemptTimeoutMs)).answeredBy !== undefined;
    });
    const loopLoop = busyLoopRun.stop();
    return {
      searches: options.searches,
      ours: ours.filter(Boolean).length / options.searches,
      loop: loop.filter(Boolean).length / options.searches,
      busyShare: (oursLoop.busyShare + loopLoop.busyShare) / 2,
      maxLagMs: Math.max(oursLoop.maxLagMs, loopLoop.maxLagMs),
    };
  } finally {
    await upstreams.close();
  }
}
