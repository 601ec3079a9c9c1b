import {
  type Logger,
  type SearchClient,
  type SearchOptions,
  type SearchRequestInput,
  type SearchResponse,
  searchMultiSource,
} from '@agent-search/core';
import type { SearchPolicy } from './policy.ts';

// The memory's types are spelled out here, not imported: `@agent-search/memory` is an optional peer, and
// the tool's declarations must type-check for a user who did not install it. A `SearchMemory` from that
// package fits `ToolMemory` (the companion tests pass one). Its layer is imported only when a memory is
// given, so a tool without one never loads the memory's Redis client or search index.

/** A finding recalled from memory, as far as the tool reads it (`RecalledFinding` in `@agent-search/memory`). */
export interface ToolFinding {
  sources: readonly { title: string; url: string; snippet: string }[];
  /** Id of the provider that answered the search the finding came from. */
  provider: string;
  /** ISO 8601. */
  learnedAt: string;
  /** Id of the bot that learned it. */
  botId: string;
  /** The bot that learned it, as named to people. */
  botName: string;
  /** "Elena learned this on 2026-11-20 from en.wikipedia.org" */
  note: string;
}

/** What the tool needs of a search memory (`createSearchMemory` from `@agent-search/memory`). */
export interface ToolMemory {
  recall(
    query: string,
    options?: { limit?: number; maxAgeMs?: number; signal?: AbortSignal; timeoutMs?: number },
  ): Promise<readonly ToolFinding[]>;
  remember(input: {
    query: string;
    results: readonly { title: string; url: string; snippet: string }[];
    provider: string;
    userId?: string;
  }): Promise<unknown>;
}

type MemoryLayer = typeof import('@agent-search/memory/layer');
let memoryLayer: Promise<MemoryLayer> | undefined;

function loadMemoryLayer(): Promise<MemoryLayer> {
  memoryLayer ??= import('@agent-search/memory/layer').catch((error: unknown) => {
    memoryLayer = undefined;
    throw new Error('search_internet: a memory needs @agent-search/memory installed', { cause: error });
  });
  return memoryLayer;
}

/** The answer to one `search_internet` call, and the finding it came from when memory answered. */
export interface SearchStepAnswer {
  response: SearchResponse;
  learned?: ToolFinding;
}

export interface SearchStepOptions {
  client: Pick<SearchClient, 'search'>;
  policy: SearchPolicy | undefined;
  memory: ToolMemory | undefined;
  /** Answers from memory no older than this. */
  memoryMaxAgeMs: number | undefined;
  signal: AbortSignal;
  userId: string | undefined;
  logger: Logger;
}

type FullClient = Pick<SearchClient, 'search' | 'normalize' | 'providers' | 'profiles' | 'health'>;

function canMerge(client: Pick<SearchClient, 'search'>): client is FullClient {
  const c = client as Partial<FullClient>;
  return typeof c.normalize === 'function' && Array.isArray(c.providers) && typeof c.health === 'function';
}

/**
 * One search as the tool runs it: memory first (when given and the request is a plain web search), then
 * one provider, or several merged when the policy says `multiSource`; what was found is kept when the
 * policy says `persist`. Memory failures are logged and cost only the memory, never the search.
 */
export async function runSearchStep(
  request: SearchRequestInput,
  options: SearchStepOptions,
): Promise<SearchStepAnswer> {
  const { client, policy, memory, logger, signal, userId } = options;
  const searchOptions = { signal, ...(userId === undefined ? {} : { userId }) };
  const search = (r: SearchRequestInput, o: SearchOptions) =>
    policy?.multiSource && canMerge(client) ? searchMultiSource(client, r, o) : client.search(r, o);
  if (!memory) return { response: await search(request, searchOptions) };
  // The memory layer every adapter uses (`@agent-search/memory`); recall keeps its own short deadline
  // (a late memory means a search without it) and ends with the call.
  const { searchThroughMemory } = await loadMemoryLayer();
  const { response, learned } = await searchThroughMemory(
    request,
    searchOptions,
    {
      // `ToolMemory` is the layer's `LayerMemory<ToolFinding>`: it gives back the finding the memory returned.
      memory,
      policy: {
        recall: true,
        persist: policy?.persist === true,
        ...(options.memoryMaxAgeMs === undefined ? {} : { maxAgeMs: options.memoryMaxAgeMs }),
      },
      logger,
      logName: 'search_internet',
    },
    search,
  );
  return learned ? { response, learned } : { response };
}
