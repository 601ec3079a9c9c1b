import type { SearchClient, SearchOptions } from '../client.ts';
import { carryDeadline, searchDeadline } from '../deadline.ts';
import type { Logger } from '../logger.ts';
import { silentLogger } from '../logger.ts';
import { searchMultiSource } from '../multi-source.ts';
import { MAX_RESULTS_LIMIT, type SearchRequestInput } from '../request.ts';
import type { SearchResponse } from '../response.ts';
import { readWebSearchArguments } from './arguments.ts';
import {
  type MemoryStepOptions,
  searchThroughMemory,
  type ToolFinding,
  type ToolMemory,
  type ToolTraces,
} from './memory.ts';
import {
  checkPolicy,
  FOLLOW_UP_REFUSAL,
  type SearchPolicy,
  type TurnBudget,
  trustTierPolicy,
} from './policy.ts';
import { type ProvenanceEntry, provenanceEntry } from './provenance.ts';
import {
  failureReason,
  type Rendered,
  renderAnswer,
  renderFailure,
  type ToolFailureReason,
  type WebSearchFormat,
} from './render.ts';
import { type SearchType, searchTypeProfile } from './search-type.ts';

/** A search memory for the layer: recall before a plain web search, remember when the policy says `persist`. */
export interface ToolMemoryHook {
  memory: ToolMemory;
  /** Counts what each search led to; its routing hint decides whether to recall first. */
  traces?: ToolTraces;
  /** Answer from memory only with findings at most this old. Default: the memory's retention age. */
  maxAgeMs?: number;
  /**
   * Longest a recall may take before the search goes to the web, in ms; never more than the search's own
   * deadline. Default `DEFAULT_RECALL_TIMEOUT_MS` (500): raise it for a store far away or a slow first load.
   */
  recallTimeoutMs?: number;
}

/** Who asks, how, and what the surface knows of them: everything a surface maps its caller to. */
export interface WebSearchToolContext {
  client: Pick<SearchClient, 'search'> &
    Partial<Pick<SearchClient, 'normalize' | 'providers' | 'profiles' | 'health' | 'timeoutMs'>>;
  /** How the answer reaches the model. Default `model`. */
  format?: WebSearchFormat;
  /** Who is asking: per-user rate limits, and what the memory records as the finding's user. */
  userId?: string | undefined;
  /**
   * The caller's policy (result cap, persistence, searches per turn, multi-source). Default: from `trust`
   * (`trustTierPolicy`), else none (10 results at most, nothing kept, no turn bound).
   */
  policy?: SearchPolicy | undefined;
  /** An upper bound on results for this caller (1..10), beside the policy's; the smaller wins. */
  maxResults?: number | undefined;
  /** The caller's trust level 0..100, when the surface knows it and gives no `policy`: a stranger gets 3 results. */
  trust?: number | undefined;
  /** The user turn this call belongs to, with the budget that counts its searches (the policy's `followUps`). */
  turn?: { id: object; budget: TurnBudget } | undefined;
  /** The caller's cancellation (an interrupted turn, a closed session). */
  signal?: AbortSignal | undefined;
  /**
   * This search's deadline in ms (the client's when unset), fixed when the call starts. A deadline a layer
   * above fixed and carried on `signal` (core `carryDeadline`) is the one used instead.
   */
  timeoutMs?: number | undefined;
  memory?: ToolMemoryHook | undefined;
  /** Where each answered call's sources go. */
  provenance?: { record(entry: ProvenanceEntry): void } | undefined;
  /** The `type` argument's profiles (`searchTypes(client)`); without them `type` is ignored. */
  types?: readonly SearchType[] | undefined;
  /** Called once the call is valid and within its budget, just before searching (a loading status). */
  beforeSearch?: (() => void | Promise<void>) | undefined;
  /** Adds today's date beside a JSON answer (companion set-ups). Default: when a memory or a policy/trust is given. */
  dated?: boolean | undefined;
  logger?: Logger | undefined;
  /** Names the tool in log lines. Default `web_search`. */
  logName?: string | undefined;
  /** "Today", for tests. */
  now?: (() => Date | number) | undefined;
}

/** What a call came to, whatever the format. */
export type WebSearchOutcome =
  | {
      status: 'answered';
      request: SearchRequestInput;
      /** The answer, cut to the caller's cap. */
      response: SearchResponse;
      /** The memory's finding, when memory answered. */
      learned?: ToolFinding;
    }
  | ({ status: 'failed'; query: string } & ToolFailureReason);

/** A tool call's answer: its rendering in the context's format, and its outcome. */
export interface WebSearchToolAnswer extends Rendered {
  /** True when the call failed (a surface flags it as its tool error, e.g. MCP's `isError`). */
  isError: boolean;
  outcome: WebSearchOutcome;
}

type FullClient = Pick<SearchClient, 'search' | 'normalize' | 'providers' | 'profiles' | 'health'>;

function canMerge(client: WebSearchToolContext['client']): client is FullClient {
  return (
    typeof client.normalize === 'function' &&
    Array.isArray(client.providers) &&
    typeof client.health === 'function'
  );
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message.slice(0, 200)}` : typeof error;
}

function capOf(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return MAX_RESULTS_LIMIT;
  return Math.min(MAX_RESULTS_LIMIT, Math.max(1, Math.trunc(value)));
}

/** The caller's policy: the one given (checked), else the trust tier's, else none. */
export function callerPolicy(
  context: Pick<WebSearchToolContext, 'policy' | 'trust'>,
): SearchPolicy | undefined {
  if (context.policy !== undefined) return checkPolicy(context.policy);
  if (context.trust !== undefined) return trustTierPolicy(context.trust);
  return undefined;
}

/** One search: memory first when given, then one provider (or several merged, by the policy). */
async function search(
  request: SearchRequestInput,
  context: WebSearchToolContext,
  policy: SearchPolicy | undefined,
  logger: Logger,
): Promise<{ response: SearchResponse; learned?: ToolFinding }> {
  const { client } = context;
  const options: SearchOptions = {
    ...(context.signal ? { signal: context.signal } : {}),
    ...(context.userId === undefined ? {} : { userId: context.userId }),
  };
  // The search's one deadline, fixed here (the outermost layer of a tool call) unless the caller's signal
  // carries one, and carried down on the signal: the memory step, the cache and the chain read this one.
  const deadline = searchDeadline(context, client.timeoutMs);
  if (deadline) {
    options.signal = carryDeadline(context.signal, deadline);
    options.timeoutMs = deadline.left();
  }
  const once = (r: SearchRequestInput, o: SearchOptions) =>
    policy?.multiSource && canMerge(client) ? searchMultiSource(client, r, o) : client.search(r, o);
  const hook = context.memory;
  if (!hook) return { response: await once(request, options) };
  const step: MemoryStepOptions = {
    memory: hook.memory,
    policy: {
      recall: true,
      persist: policy?.persist === true,
      ...(hook.maxAgeMs === undefined ? {} : { maxAgeMs: hook.maxAgeMs }),
    },
    ...(hook.traces ? { traces: hook.traces } : {}),
    ...(hook.recallTimeoutMs === undefined ? {} : { recallTimeoutMs: hook.recallTimeoutMs }),
    clientTimeoutMs: client.timeoutMs,
    logger,
    logName: context.logName ?? 'web_search',
  };
  return searchThroughMemory(request, options, step, once);
}

/**
 * The `web_search` tool, once for every surface: the model's raw arguments read leniently, the caller's
 * policy (result cap, turn budget, multi-source), the memory (recall, remember, traces), the search,
 * provenance, and the outcome rendered in the context's format, failures included. It never throws: a
 * surface hands `text`/`value` to its framework and flags `isError` its own way.
 */
export async function runWebSearchTool(
  rawArguments: unknown,
  context: WebSearchToolContext,
): Promise<WebSearchToolAnswer> {
  const format = context.format ?? 'model';
  const logger = context.logger ?? silentLogger;
  const policy = callerPolicy(context);
  const now = context.now?.() ?? Date.now();
  const renderOptions = {
    now,
    dated: context.dated ?? (context.memory !== undefined || policy !== undefined),
  };
  const fail = (query: string, reason: ToolFailureReason): WebSearchToolAnswer => ({
    ...renderFailure(query, reason, format, renderOptions),
    isError: true,
    outcome: { status: 'failed', query, ...reason },
  });

  const read = readWebSearchArguments(rawArguments);
  if (!read.ok) return fail(read.query, { code: read.code, message: read.message });
  const { request } = read;
  if (context.types) {
    const typed = searchTypeProfile((rawArguments as { type?: unknown } | null)?.type, context.types);
    if ('error' in typed) return fail(request.query, { code: 'invalid_request', message: typed.error });
    if (typed.profile) request.profile = typed.profile;
  }
  // The cap: the policy's (a stranger gets 3), never more than 10. The request asks for no more than it.
  const limit = Math.min(policy?.maxResults ?? MAX_RESULTS_LIMIT, capOf(context.maxResults));
  if (request.maxResults !== undefined) request.maxResults = Math.min(request.maxResults, limit);
  // Counted once the call is known to be valid: a malformed call does not use up the turn.
  if (policy && context.turn && !context.turn.budget.take(context.turn.id, policy.followUps)) {
    return fail(request.query, { code: 'follow_up_limit', message: FOLLOW_UP_REFUSAL });
  }

  try {
    await context.beforeSearch?.();
    const { response, learned } = await search(request, context, policy, logger);
    const cut = { ...response, results: response.results.slice(0, limit) };
    logger.debug(
      { mode: cut.mode, results: cut.results.length, provider: cut.provider },
      `${context.logName ?? 'web_search'} answered`,
    );
    recordProvenance(context, cut, learned, logger);
    return {
      ...renderAnswer(cut, format, renderOptions),
      isError: false,
      outcome: { status: 'answered', request, response: cut, ...(learned ? { learned } : {}) },
    };
  } catch (error) {
    const reason = failureReason(error, context.signal);
    if (reason.code !== 'cancelled') {
      logger.warn(
        { code: reason.code, error: describe(error), mode: request.mode },
        `${context.logName ?? 'web_search'} failed`,
      );
    }
    return fail(request.query, reason);
  }
}

function recordProvenance(
  context: WebSearchToolContext,
  response: SearchResponse,
  learned: ToolFinding | undefined,
  logger: Logger,
): void {
  if (!context.provenance) return;
  try {
    const by = learned ? { by: learned.botName, at: learned.learnedAt } : undefined;
    context.provenance.record(
      provenanceEntry(
        response.query,
        response.provider,
        response.results.map((r) => r.url),
        by,
      ),
    );
  } catch (error) {
    logger.warn({ error: describe(error) }, `${context.logName ?? 'web_search'}: provenance not recorded`);
  }
}
