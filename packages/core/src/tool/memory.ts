import type { SearchOptions } from '../client.ts';
import { carryDeadline, searchDeadline } from '../deadline.ts';
import { SearchError } from '../errors.ts';
import { type Logger, silentLogger } from '../logger.ts';
import type { SearchRequestInput } from '../request.ts';
import type { SearchResponse } from '../response.ts';
import type { SearchResult } from '../result.ts';
import { siteOf } from '../text.ts';

// The memory hook of the tool layer. Core holds no memory: `@agent-search/memory`'s `createSearchMemory` and
// `createTraceLog` fit these interfaces (they are spelled structurally so core depends on nothing of it),
// and its `withSearchMemory` runs searches through this same function.

/** Default deadline of one recall: a voice agent searches rather than wait for its memory. */
export const DEFAULT_RECALL_TIMEOUT_MS = 500;

/** A recalled finding as far as the layer reads it. */
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

/** What the layer needs of a search memory: recall before a search, remember after. */
export interface ToolMemory<F extends ToolFinding = ToolFinding> {
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

/** What one search led to: an answer from memory, from the web, or nothing useful. */
export type ToolSearchOutcome = 'memory' | 'web' | 'nothing';

/** What the layer needs of a trace log (`createTraceLog`): counting outcomes, and the route they teach. */
export interface ToolTraces {
  /** `context.userId`: who asked, so the log can tell the same user asking again. */
  record(query: string, outcome: ToolSearchOutcome, context?: { userId?: string }): Promise<void>;
  /**
   * What the traces learned of a question's kind: `search-first` skips the recall; `maxAgeMs`, a
   * tighter age limit for findings answering it (users asked again soon after answers from memory).
   */
  hint?(query: string): Promise<{ route: 'search-first' | 'memory-first'; maxAgeMs?: number }>;
}

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

export interface MemoryStepOptions<F extends ToolFinding = ToolFinding> {
  memory: ToolMemory<F>;
  /** Default: recall, do not persist. A policy callback that throws gets the default, logged. */
  policy?: MemoryPolicySource;
  /** Counts what each search led to; its `hint`, when it has one, decides whether to recall first. */
  traces?: ToolTraces;
  /** Longest a recall may take, in ms; never more than the search's own deadline. Default 500. */
  recallTimeoutMs?: number;
  /**
   * The client's deadline in ms, for a search nobody fixed one for (no deadline on its signal, no
   * `timeoutMs` in its options).
   */
  clientTimeoutMs?: number | undefined;
  logger?: Logger;
  /** Names the step in log lines. Default "search memory". */
  logName?: string;
}

/** One search through the memory: the response, and the finding that answered it when memory did. */
export interface MemorySearchAnswer<F extends ToolFinding = ToolFinding> {
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

function fromFinding(query: string, finding: ToolFinding, now: number): SearchResponse {
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

async function choosePolicy<F extends ToolFinding>(
  request: SearchRequestInput,
  options: SearchOptions,
  step: MemoryStepOptions<F>,
  logger: Logger,
  name: string,
): Promise<MemoryPolicy> {
  let policy: MemoryPolicy = { recall: true, persist: false };
  try {
    const chosen = typeof step.policy === 'function' ? step.policy({ request, options }) : step.policy;
    if (chosen) policy = chosen;
  } catch (error) {
    logger.warn({ error: describe(error) }, `${name}: policy failed; recalling without persisting`);
  }
  if (policy.recall === false || !step.traces?.hint || !recallable(request)) return policy;
  // What the traces learned: a kind of question users were unhappy to get from memory is searched
  // without recalling; one they asked again soon after is answered only by younger findings.
  try {
    const hint = await step.traces.hint(request.query);
    if (hint.route === 'search-first') return { ...policy, recall: false };
    const learned = hint.maxAgeMs;
    if (typeof learned === 'number' && learned >= 0 && !(learned >= (policy.maxAgeMs ?? Infinity))) {
      return { ...policy, maxAgeMs: learned };
    }
  } catch (error) {
    logger.warn({ error: describe(error) }, `${name}: routing hint failed; recalling`);
  }
  return policy;
}

/**
 * One search through a memory, the one implementation every surface uses: recall first (a plain web
 * search the policy and the traces' routing hint let recall, within the search's deadline and abort), then
 * `search` with what is left of the deadline; keep what it found when the policy says `persist`; count
 * what the search led to in the traces. Memory failures are logged and cost only the memory, never the
 * search.
 *
 * The deadline is the search's one (core `deadline.ts`): the one a layer above fixed, carried on
 * `options.signal`, else one fixed here from `options.timeoutMs` or `clientTimeoutMs`. The recall and the
 * search both come out of it, and the search is handed it on its signal: no layer under this one starts
 * the clock again.
 */
export async function searchThroughMemory<F extends ToolFinding = ToolFinding>(
  request: SearchRequestInput,
  options: SearchOptions,
  step: MemoryStepOptions<F>,
  search: (request: SearchRequestInput, options: SearchOptions) => Promise<SearchResponse>,
): Promise<MemorySearchAnswer<F>> {
  const { memory, traces } = step;
  const logger = step.logger ?? silentLogger;
  const name = step.logName ?? 'search memory';
  const deadline = searchDeadline(options, step.clientTimeoutMs);
  const carried = deadline ? { ...options, signal: carryDeadline(options.signal, deadline) } : options;
  const policy = await choosePolicy(request, options, step, logger, name);

  const recallMs = Math.min(step.recallTimeoutMs ?? DEFAULT_RECALL_TIMEOUT_MS, deadline?.left() ?? Infinity);
  // A deadline already spent leaves no time to recall: the search below says so.
  if (policy.recall !== false && recallable(request) && recallMs > 0) {
    try {
      const [learned] = await memory.recall(request.query, {
        limit: 1,
        timeoutMs: recallMs,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(policy.maxAgeMs === undefined ? {} : { maxAgeMs: policy.maxAgeMs }),
      });
      if (learned) {
        await record(traces, request, options, 'memory', logger, name);
        return { response: fromFinding(request.query, learned, Date.now()), learned };
      }
    } catch (error) {
      options.signal?.throwIfAborted();
      logger.warn({ error: describe(error) }, `${name}: memory recall failed; searching`);
    }
  }

  // The search gets what is left of its deadline after the recall. A recall that used it all (it gives up
  // at the deadline) leaves nothing to search with: that is the deadline's timeout, not a chain asked to
  // search in a millisecond (which may end before any provider is tried, as `no_provider`).
  const left = deadline?.left();
  let response: SearchResponse;
  try {
    if (left !== undefined && left <= 1) {
      throw new SearchError('timeout', 'The search ran out of time while the memory was asked');
    }
    response = await search(request, left === undefined ? options : { ...carried, timeoutMs: left });
  } catch (error) {
    if (!options.signal?.aborted) await record(traces, request, options, 'nothing', logger, name);
    throw error;
  }
  await record(traces, request, options, response.results.length > 0 ? 'web' : 'nothing', logger, name);

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
  traces: ToolTraces | undefined,
  request: SearchRequestInput,
  options: SearchOptions,
  outcome: ToolSearchOutcome,
  logger: Logger,
  name: string,
): Promise<void> {
  if (!traces) return;
  try {
    await traces.record(
      request.query,
      outcome,
      options.userId === undefined ? {} : { userId: options.userId },
    );
  } catch (error) {
    logger.warn({ error: describe(error) }, `${name}: trace not recorded`);
  }
}
