import { BOT_ID } from './finding.ts';
import {
  classifyQuery,
  QUERY_KINDS,
  type QueryClassifier,
  type QueryKind,
  TIME_SENSITIVE_KINDS,
} from './query-kind.ts';

/** What one search led to: an answer from memory, from the web, or nothing useful. */
export type SearchOutcome = 'memory' | 'web' | 'nothing';

/** What the app reports afterwards: whether the user was satisfied with the answer. */
export type TraceField = SearchOutcome | 'satisfied' | 'unsatisfied';

export const TRACE_FIELDS: readonly TraceField[] = Object.freeze([
  'memory',
  'web',
  'nothing',
  'satisfied',
  'unsatisfied',
]);

export type TraceCounts = Record<TraceField, number>;
export type KindCounts = Record<QueryKind, TraceCounts>;

/**
 * Where trace counts live: `MemoryFindingStore` (this process) and `RedisFindingStore` (shared between
 * processes, surviving restarts) both are one, so a memory and its traces share a store.
 */
export interface TraceStore {
  incrementTrace(botId: string, kind: QueryKind, field: TraceField): Promise<void>;
  /** Counts per kind: one bot's, or every bot's summed when `botId` is undefined. */
  traceCounts(botId: string | undefined): Promise<KindCounts>;
}

/** Which to ask first for a kind of question, and why. */
export interface RoutingHint {
  kind: QueryKind;
  route: 'search-first' | 'memory-first';
  /** Searches the hint is learned from (0: the kind's default). */
  samples: number;
  /** "current-events: search first" */
  text: string;
}

export interface TraceLogOptions {
  botId: string;
  store: TraceStore;
  /** Default `classifyQuery`; the memory's own classifier when they should agree. */
  classify?: QueryClassifier;
  /** Searches of a kind before its counts decide the route. Default 5. */
  minSamples?: number;
}

/** Trace learning (002 §1F): per query kind and bot, what searches led to, and the route that follows. */
export interface TraceLog {
  readonly botId: string;
  /** Counts what a search for `query` led to. */
  record(query: string, outcome: SearchOutcome): Promise<void>;
  /** Counts the app's report that the user was (or was not) satisfied with the answer to `query`. */
  satisfied(query: string, satisfied: boolean): Promise<void>;
  /** Learned counts per kind: this bot's, or every bot's on the store (`{ allBots: true }`). */
  counts(options?: { allBots?: boolean }): Promise<KindCounts>;
  /** The route for a kind (or a question's kind), from every bot's counts on the store. */
  hint(kindOrQuery: QueryKind | string): Promise<RoutingHint>;
}

export function emptyCounts(): KindCounts {
  const counts = {} as KindCounts;
  for (const kind of QUERY_KINDS) {
    counts[kind] = { memory: 0, web: 0, nothing: 0, satisfied: 0, unsatisfied: 0 };
  }
  return counts;
}

/**
 * The route a kind's counts say: search first for time-sensitive kinds (an earlier finding never answers
 * them), when the web answered more often than memory, or when users were more often unsatisfied than
 * satisfied; memory first when memory answered at least as often as the web. Too few searches: the kind's
 * default (time-sensitive: search; others: memory).
 */
export function routeFor(kind: QueryKind, counts: TraceCounts, minSamples = 5): RoutingHint {
  const samples = counts.memory + counts.web + counts.nothing;
  let route: RoutingHint['route'];
  if (TIME_SENSITIVE_KINDS.has(kind)) route = 'search-first';
  else if (samples < minSamples) route = 'memory-first';
  else if (counts.unsatisfied > counts.satisfied) route = 'search-first';
  else route = counts.memory >= counts.web ? 'memory-first' : 'search-first';
  return { kind, route, samples, text: `${kind}: ${route.replace('-', ' ')}` };
}

export function createTraceLog(options: TraceLogOptions): TraceLog {
  if (!BOT_ID.test(options.botId)) {
    throw new TypeError('createTraceLog: botId must be 1-64 letters, digits, "_", "-" or "."');
  }
  const { botId, store } = options;
  const classify = options.classify ?? classifyQuery;
  const minSamples = options.minSamples ?? 5;
  const kindOf = (query: string): QueryKind => {
    const kind = classify(query.slice(0, 512));
    return QUERY_KINDS.includes(kind) ? kind : 'general';
  };
  return {
    botId,
    record: (query, outcome) => store.incrementTrace(botId, kindOf(query), outcome),
    satisfied: (query, satisfied) =>
      store.incrementTrace(botId, kindOf(query), satisfied ? 'satisfied' : 'unsatisfied'),
    counts: (countOptions = {}) => store.traceCounts(countOptions.allBots ? undefined : botId),
    async hint(kindOrQuery) {
      const kind = (QUERY_KINDS as readonly string[]).includes(kindOrQuery)
        ? (kindOrQuery as QueryKind)
        : kindOf(kindOrQuery);
      const counts = await store.traceCounts(undefined);
      return routeFor(kind, counts[kind], minSamples);
    },
  };
}

/** Trace counts in this process (a `MemoryFindingStore`'s). */
export class MemoryTraceCounts implements TraceStore {
  readonly #bots = new Map<string, KindCounts>();

  async incrementTrace(botId: string, kind: QueryKind, field: TraceField): Promise<void> {
    let counts = this.#bots.get(botId);
    if (!counts) {
      counts = emptyCounts();
      this.#bots.set(botId, counts);
    }
    counts[kind][field]++;
  }

  async traceCounts(botId: string | undefined): Promise<KindCounts> {
    const total = emptyCounts();
    for (const [id, counts] of this.#bots) {
      if (botId !== undefined && id !== botId) continue;
      for (const kind of QUERY_KINDS)
        for (const field of TRACE_FIELDS) total[kind][field] += counts[kind][field];
    }
    return total;
  }
}
