import type { SearchProvider } from '@agent-search/core';
import { createBraveProvider } from '@agent-search/provider-brave';
import { createDuckDuckGoProvider, type DuckDuckGoTextBackend } from '@agent-search/provider-duckduckgo';
import { createExaProvider } from '@agent-search/provider-exa';
import { createSearxngProvider } from '@agent-search/provider-searxng';
import { createTavilyProvider } from '@agent-search/provider-tavily';
import type { ProviderSimulator } from '@agent-search/testing/simulator';
import needle from 'needle';

/** Keys the simulator accepts; they only have to look like keys. */
export const TAVILY_KEY = 'tvly-bench-0000000000000000';
export const EXA_KEY = 'exa-bench-00000000000000000';
export const BRAVE_KEY = 'BSA-bench-0000000000000000';

/**
 * Sends every `needle` request of this process to the simulator, so duck-duck-scrape calls made without
 * an `agent` option (LangChain's tool passes none) cannot reach the real DuckDuckGo either.
 */
export function routeNeedleTo(sim: ProviderSimulator): void {
  needle.defaults({ agent: sim.agent });
}

/** Our DuckDuckGo provider on the simulator; `backends` default to the provider's own default. */
export function duckDuckGo(sim: ProviderSimulator, backends?: DuckDuckGoTextBackend[]): SearchProvider {
  return createDuckDuckGoProvider({
    baseURL: sim.urls.duckDuckGoHtml,
    // The token page, d.js, news.js and v.js are fixed https URLs: this fetch sends them to the simulator.
    fetch: sim.fetch,
    ...(backends ? { textBackends: backends } : {}),
  });
}

export function tavily(sim: ProviderSimulator): SearchProvider {
  return createTavilyProvider({ apiKey: TAVILY_KEY, baseURL: sim.urls.tavily });
}

export function exa(sim: ProviderSimulator): SearchProvider {
  return createExaProvider({ apiKey: EXA_KEY, baseURL: sim.urls.exa });
}

export function brave(sim: ProviderSimulator): SearchProvider {
  return createBraveProvider({ apiKey: BRAVE_KEY, baseURL: sim.urls.brave });
}

export function searxng(sim: ProviderSimulator): SearchProvider {
  return createSearxngProvider({ baseURL: sim.urls.searxng });
}

/** Distinct queries on the simulator's topic, so caches and coalescing never join them by accident. */
export function query(index: number, prefix = 'heat pump cold climate'): string {
  return `${prefix} ${index}`;
}
