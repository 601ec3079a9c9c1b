import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { SearchProvider } from '@agent-search/core';
import { createDuckDuckGoProvider, type DuckDuckGoTextBackend } from '@agent-search/provider-duckduckgo';
import { loadProviderKits } from '@agent-search/registry/testing';
import {
  type LatencyDistribution,
  type ProviderSimulator,
  type SimulatorCompression,
  startProviderSimulator,
} from '@agent-search/testing/simulator';
import needle from 'needle';

/**
 * The bench's upstreams: the provider simulator serving every registered provider from its kit. The
 * figures measure the default chain by name (DuckDuckGo first, Tavily and Exa behind it): the helpers
 * below are those providers on the simulator.
 */
export async function startBenchSimulator(seed: number): Promise<ProviderSimulator> {
  return startProviderSimulator({ kits: await loadProviderKits(), seed });
}

/** Keys the figures give peers (Tavily's SDK, its LangChain tool) on the simulator; they only have to look like keys. */
export const TAVILY_KEY = 'tvly-bench-0000000000000000';
export const EXA_KEY = 'exa-bench-00000000000000000';

/**
 * Sends every `needle` request of this process to the simulator, so duck-duck-scrape calls made without
 * an `agent` option (LangChain's tool passes none) cannot reach the real DuckDuckGo either.
 */
export function routeNeedleTo(sim: ProviderSimulator): void {
  needle.defaults({ agent: sim.agent });
}

/** Our DuckDuckGo provider on the simulator; `backends` default to the provider's own default. */
export function duckDuckGo(sim: ProviderSimulator, backends?: DuckDuckGoTextBackend[]): SearchProvider {
  if (!backends) return sim.provider('duckduckgo');
  return createDuckDuckGoProvider({
    baseURL: sim.baseURL('duckduckgo'),
    // The token page and d.js are fixed https URLs: this fetch sends them to the simulator.
    fetch: sim.fetch,
    textBackends: backends,
  });
}

export const tavily = (sim: ProviderSimulator): SearchProvider => sim.provider('tavily');
export const exa = (sim: ProviderSimulator): SearchProvider => sim.provider('exa');

/** Distinct queries on the simulator's topic, so caches and coalescing never join them by accident. */
export function query(index: number, prefix = 'heat pump cold climate'): string {
  return `${prefix} ${index}`;
}

/** The simulator running in a child process (see simulator-process.ts): one provider, answering at once unless told. */
export interface SimulatorProcess {
  baseURL: string;
  pid: number;
  /** Requests the child's simulator has answered for the provider. */
  calls(): Promise<number>;
  close(): Promise<void>;
}

/** What a simulator process serves beyond the defaults. */
export interface SimulatorProcessOptions {
  /** The real-shaped pages of `real-upstream/corpus.ts` (22 results, long snippets) instead of the built-in corpus. */
  realPages?: boolean;
  /** Compress answers as each request asks (see the simulator's `compression`). */
  compression?: SimulatorCompression;
}

export async function startSimulatorProcess(
  seed: number,
  provider: string,
  latency?: LatencyDistribution,
  options: SimulatorProcessOptions = {},
): Promise<SimulatorProcess> {
  const child = fork(
    fileURLToPath(new URL('./simulator-process.ts', import.meta.url)),
    [String(seed), provider, JSON.stringify(latency ?? { kind: 'fixed', ms: 0 }), JSON.stringify(options)],
    {
      execArgv: ['--import', fileURLToPath(new URL('./source-hooks.ts', import.meta.url))],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  const next = <T>(key: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if (!(key in message)) return;
        child.off('message', onMessage).off('exit', onExit);
        resolve(message[key] as T);
      };
      const onExit = (code: number | null) => reject(new Error(`the simulator process exited (${code})`));
      child.on('message', onMessage).once('exit', onExit);
    });
  const baseURL = await next<string>('baseURL');
  return {
    baseURL,
    pid: child.pid!,
    calls: () => {
      const answer = next<number>('calls');
      child.send({ type: 'calls' });
      return answer;
    },
    close: async () => {
      const exited = once(child, 'exit');
      child.disconnect();
      await exited;
    },
  };
}
