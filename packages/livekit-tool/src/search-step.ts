import {
  type Logger,
  type SearchClient,
  type SearchRequestInput,
  type SearchResponse,
  type SearchResult,
  searchMultiSource,
  siteOf,
} from '@agent-search/core';
import { describeError } from './framework-logger.ts';
import type { SearchPolicy } from './policy.ts';

// The memory's types are spelled out here, not imported: `@agent-search/memory` is an optional peer, and
// the tool's declarations must type-check for a user who did not install it. A `SearchMemory` from that
// package fits `ToolMemory` (the companion tests pass one).

/** A finding recalled from memory, as far as the tool reads it (`RecalledFinding` in `@agent-search/memory`). */
export interface ToolFinding {
  sources: readonly { title: string; url: string; snippet: string }[];
  /** Id of the provider that answered the search the finding came from. */
  provider: string;
  /** ISO 8601. */
  learnedAt: string;
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

// What memory can answer: a plain web search. News, a time range or a profile ask for what is current or
// from particular sites, which an earlier finding does not promise.
function recallable(request: SearchRequestInput): boolean {
  return (request.mode ?? 'text') === 'text' && !request.timeRange && !request.profile;
}

function fromFinding(query: string, finding: ToolFinding): SearchResponse {
  const results: SearchResult[] = finding.sources.map((s) => ({
    title: s.title,
    url: s.url,
    snippet: s.snippet,
    source: siteOf(s.url),
    provider: finding.provider,
  }));
  return {
    query,
    mode: 'text',
    results,
    provider: 'memory',
    cached: true,
    ageMs: Math.max(0, Date.now() - Date.parse(finding.learnedAt)),
    searchTimeMs: 0,
    totalResults: results.length,
    fetchedAt: finding.learnedAt,
    attempts: [],
  };
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
  if (memory && recallable(request)) {
    try {
      // Recall has its own short deadline (the search goes on without memory when it is late) and ends
      // with the call.
      const [learned] = await memory.recall(request.query, {
        limit: 1,
        signal,
        ...(options.memoryMaxAgeMs === undefined ? {} : { maxAgeMs: options.memoryMaxAgeMs }),
      });
      if (learned) return { response: fromFinding(request.query, learned), learned };
    } catch (error) {
      logger.warn({ error: describeError(error) }, 'search_internet: memory recall failed; searching');
    }
  }

  const searchOptions = { signal, ...(userId === undefined ? {} : { userId }) };
  let response: SearchResponse;
  if (policy?.multiSource && canMerge(client)) {
    response = await searchMultiSource(client, request, searchOptions);
  } else {
    response = await client.search(request, searchOptions);
  }

  if (policy?.persist && memory && response.results.length > 0 && !response.stale) {
    try {
      await memory.remember({
        query: response.query,
        results: response.results,
        provider: response.provider,
        ...(userId === undefined ? {} : { userId }),
      });
    } catch (error) {
      logger.warn({ error: describeError(error) }, 'search_internet: could not keep the finding');
    }
  }
  return { response };
}
