import {
  type Logger,
  type SearchClient,
  type SearchOptions,
  type SearchRequestInput,
  type SearchResponse,
  type SearchResult,
  silentLogger,
  siteOf,
  wrapSearchClient,
} from '@agent-search/core';
import { DEFAULT_RECALL_TIMEOUT_MS } from './recall-deadline.ts';
import type { RecalledFinding } from './search-memory.ts';
import type { SearchOutcome, TraceLog } from './trace-log.ts';

/** What the memory may do for one search. */
export interface MemoryPolicy {
  /** Ask the memory before searching. Default true. */
  recall?: boolean;
  /** Keep what the search found. Default false: only callers the app trusts teach the bot. */
  persist?: boolean;
  /** Answer from memory only with findings at most this old, in ms. Default: the memory's retention age. */
  maxAgeMs?: number;
}

/** The policy for one search: fixed, or decided per call from its options (who is asking). */
export type MemoryPolicySource =
  | MemoryPolicy
  | ((call: { request: SearchRequestInput; options: SearchOptions }) => MemoryPolicy | undefined);

/**
 * Persistence by trust level 0..100, the LiveKit tool's tiers (`TRUST_TIERS`): friends (40) and closer
 * teach the bot; strangers, acquaintances and callers the app cannot place do not.
 */
export function trustMemoryPolicy(trust: unknown): MemoryPolicy {
  return { recall: true, persist: typeof trust === 'number' && Number.isFinite(trust) && trust >= 40 };
}

/** A recalled finding as far as the layer reads it: a `RecalledFinding` fits, and so does an adapter's own copy. */
export interface LayerFinding {
  sources: readonly { title: string; url: string; snippet: string }[];
  /** Id of the provider that answered the search the finding came from. */
  provider: string;
  /** ISO 8601. */
  learnedAt: string;
  botId: string;
  botName: string;
  note: string;
}

/**
 * What the layer needs of a memory, spelled structurally: `createSearchMemory`'s memory fits, and so does an
 * adapter's own copy of this shape (one that cannot import this package's types: it is an optional peer).
 */
export interface LayerMemory<F extends LayerFinding = RecalledFinding> {
  recall(
    query: string,
    options: { limit?: number; maxAgeMs?: number; signal?: AbortSignal; timeoutMs?: number },
  ): Promise<readonly F[]>;
  remember(input: {
    query: string;
    results: readonly { title: string; url: string; snippet: string }[];
    provider: string;
    userId?: string;
  }): Promise<unknown>;
}

export interface SearchMemoryLayerOptions<F extends LayerFinding = RecalledFinding> {
  memory: LayerMemory<F>;
  /** Default: recall, do not persist. A policy callback that throws gets the default, logged. */
  policy?: MemoryPolicySource;
  /** Counts what each search led to, per query kind and bot (`createTraceLog`). */
  traces?: TraceLog;
  /** Longest a recall may take, in ms; never more than the search's own deadline. Default 500. */
  recallTimeoutMs?: number;
  logger?: Logger;
  /** Names the layer in log lines. Default "search memory". */
  logName?: string;
}

/** One search through the memory: the response, and the finding that answered it when memory did. */
export interface MemorySearchAnswer<F extends LayerFinding = RecalledFinding> {
  response: SearchResponse;
  learned?: F;
}

// What memory can answer: a plain web search. News, a time range, a profile or chosen sites ask for what is
// current or from particular places, which an earlier finding does not promise.
function recallable(request: SearchRequestInput): boolean {
  return (
    (request.mode ?? 'text') === 'text' &&
    !request.timeRange &&
    !request.profile &&
    !request.includeContent &&
    !request.includeDomains?.length &&
    !request.excludeDomains?.length
  );
}

function fromFinding(query: string, finding: LayerFinding, now: number): SearchResponse {
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
    ageMs: Math.max(0, now - Date.parse(finding.learnedAt)),
    searchTimeMs: 0,
    totalResults: results.length,
    fetchedAt: finding.learnedAt,
    attempts: [],
    learned: {
      botId: finding.botId,
      botName: finding.botName,
      learnedAt: finding.learnedAt,
      note: finding.note,
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message.slice(0, 200)}` : 'unknown error';
}

/** The search's deadline, from its options or the client's. */
function deadlineOf(options: SearchOptions, clientTimeoutMs: number | undefined): number | undefined {
  const ms = options.timeoutMs ?? clientTimeoutMs;
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

/**
 * One search through a memory, the one implementation every adapter uses: recall first (a plain web
 * search the policy lets recall, within the search's deadline and abort), then `search` with what is left
 * of the deadline; keep what it found when the policy says `persist`. Memory failures are logged and cost
 * only the memory, never the search.
 */
export async function searchThroughMemory<F extends LayerFinding = RecalledFinding>(
  request: SearchRequestInput,
  options: SearchOptions,
  layer: SearchMemoryLayerOptions<F> & { clientTimeoutMs?: number | undefined },
  search: (request: SearchRequestInput, options: SearchOptions) => Promise<SearchResponse>,
): Promise<MemorySearchAnswer<F>> {
  const { memory, traces } = layer;
  const logger = layer.logger ?? silentLogger;
  const name = layer.logName ?? 'search memory';
  const started = Date.now();
  let policy: MemoryPolicy = { recall: true, persist: false };
  try {
    const chosen = typeof layer.policy === 'function' ? layer.policy({ request, options }) : layer.policy;
    if (chosen) policy = chosen;
  } catch (error) {
    logger.warn({ error: describe(error) }, `${name}: policy failed; recalling without persisting`);
  }
  const deadline = deadlineOf(options, layer.clientTimeoutMs);

  if (policy.recall !== false && recallable(request)) {
    try {
      const timeoutMs = Math.min(layer.recallTimeoutMs ?? DEFAULT_RECALL_TIMEOUT_MS, deadline ?? Infinity);
      const [learned] = await memory.recall(request.query, {
        limit: 1,
        timeoutMs,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(policy.maxAgeMs === undefined ? {} : { maxAgeMs: policy.maxAgeMs }),
      });
      if (learned) {
        await record(traces, request.query, 'memory', logger, name);
        return { response: fromFinding(request.query, learned, Date.now()), learned };
      }
    } catch (error) {
      options.signal?.throwIfAborted();
      logger.warn({ error: describe(error) }, `${name}: memory recall failed; searching`);
    }
  }

  // The search gets what is left of its deadline after the recall.
  const left = deadline === undefined ? undefined : Math.max(1, deadline - (Date.now() - started));
  let response: SearchResponse;
  try {
    response = await search(request, left === undefined ? options : { ...options, timeoutMs: left });
  } catch (error) {
    if (!options.signal?.aborted) await record(traces, request.query, 'nothing', logger, name);
    throw error;
  }
  await record(traces, request.query, response.results.length > 0 ? 'web' : 'nothing', logger, name);

  if (policy.persist === true && response.results.length > 0 && !response.stale) {
    try {
      await memory.remember({
        query: response.query,
        results: response.results,
        provider: response.provider,
        ...(options.userId === undefined ? {} : { userId: options.userId }),
      });
    } catch (error) {
      logger.warn({ error: describe(error) }, `${name}: could not keep the finding`);
    }
  }
  return { response };
}

async function record(
  traces: TraceLog | undefined,
  query: string,
  outcome: SearchOutcome,
  logger: Logger,
  name: string,
): Promise<void> {
  if (!traces) return;
  try {
    await traces.record(query, outcome);
  } catch (error) {
    logger.warn({ error: describe(error) }, `${name}: trace not recorded`);
  }
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
