import type { SearchOptions, SearchRequestInput, SearchResponse } from '@agent-search/core';
import { type Logger, type SearchClient, wrapSearchClient } from '@agent-search/core';
import {
  type MemoryPolicy,
  type MemoryPolicySource,
  type MemorySearchAnswer as StepAnswer,
  searchThroughMemory as searchThroughStep,
  type ToolFinding,
  type ToolMemory,
} from '@agent-search/core/tool';
import type { RecalledFinding } from './search-memory.ts';
import type { TraceLog } from './trace-log.ts';

// The one implementation of a search through a memory lives in core's tool layer (`@agent-search/core/tool`),
// which every surface runs; this package supplies the memory and the traces, and keeps its names.
export type { MemoryPolicy, MemoryPolicySource };

/**
 * Persistence by trust level 0..100, the LiveKit tool's tiers (`TRUST_TIERS`): friends (40) and closer
 * teach the bot; strangers, acquaintances and callers the app cannot place do not.
 */
export function trustMemoryPolicy(trust: unknown): MemoryPolicy {
  return { recall: true, persist: typeof trust === 'number' && Number.isFinite(trust) && trust >= 40 };
}

/** A recalled finding as far as the layer reads it: a `RecalledFinding` fits, and so does an adapter's own copy. */
export type LayerFinding = ToolFinding;

/** What the layer needs of a memory (core's `ToolMemory`): `createSearchMemory`'s memory fits. */
export type LayerMemory<F extends LayerFinding = RecalledFinding> = ToolMemory<F>;

export interface SearchMemoryLayerOptions<F extends LayerFinding = RecalledFinding> {
  memory: LayerMemory<F>;
  /** Default: recall, do not persist. A policy callback that throws gets the default, logged. */
  policy?: MemoryPolicySource;
  /** Counts what each search led to, per query kind and bot (`createTraceLog`); its routing hint is used. */
  traces?: TraceLog;
  /** Longest a recall may take, in ms; never more than the search's own deadline. Default 500. */
  recallTimeoutMs?: number;
  logger?: Logger;
  /** Names the layer in log lines. Default "search memory". */
  logName?: string;
}

/** One search through the memory: the response, and the finding that answered it when memory did. */
export type MemorySearchAnswer<F extends LayerFinding = RecalledFinding> = StepAnswer<F>;

/**
 * One search through a memory (core's `searchThroughMemory`, which the tool layer runs too): recall first,
 * then `search` with what is left of the deadline, remember when the policy says `persist`.
 */
export function searchThroughMemory<F extends LayerFinding = RecalledFinding>(
  request: SearchRequestInput,
  options: SearchOptions,
  layer: SearchMemoryLayerOptions<F> & { clientTimeoutMs?: number | undefined },
  search: (request: SearchRequestInput, options: SearchOptions) => Promise<SearchResponse>,
): Promise<MemorySearchAnswer<F>> {
  return searchThroughStep(request, options, layer, search);
}

/**
 * `client` with a memory in front, composable like the cache: recall before searching, remember after,
 * by `policy`; everything else is the client's. A response the memory answered has `provider: "memory"`
 * and `learned` (who learned it, when, and a sentence saying so).
 */
export function withSearchMemory(client: SearchClient, options: SearchMemoryLayerOptions): SearchClient {
  return wrapSearchClient(client, {
    search: async (request, searchOptions = {}) =>
      (
        await searchThroughMemory(
          request,
          searchOptions,
          { ...options, clientTimeoutMs: client.timeoutMs },
          (r, o) => client.search(r, o),
        )
      ).response,
  });
}
