import { BOT_ID } from './finding.ts';
import { FRESHNESS_MAX_AGE_MS, questionKind } from './freshness.ts';
import { classifyQuery, QUERY_KINDS, type QueryClassifier, type QueryKind } from './query-kind.ts';
import { questionShape } from './same-question.ts';

/** What one search led to: an answer from memory, from the web, or nothing useful. */
export type SearchOutcome = 'memory' | 'web' | 'nothing';

/**
 * What the app reports afterwards (whether the user was satisfied with the answer), and `repeated`: an
 * answer from memory the same user asked for again soon after (`REPEAT_WINDOW_MS`), as if it had not done.
 */
export type TraceField = SearchOutcome | 'satisfied' | 'unsatisfied' | 'repeated';

export const TRACE_FIELDS: readonly TraceField[] = Object.freeze([
  'memory',
  'web',
  'nothing',
  'satisfied',
  'unsatisfied',
  'repeated',
]);

/** How soon after an answer from memory the same user asking the same question counts as `repeated`. */
export const REPEAT_WINDOW_MS = 10 * 60_000;
/** Answers from memory a trace log remembers for spotting repeats (the oldest go first). */
const MAX_WATCHED_ANSWERS = 1_000;
/** The shortest a learned age limit gets: below it, a finding would answer nothing anyway. */
const MIN_LEARNED_MAX_AGE_MS = 60_000;

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

/** Which to ask first for a kind of question, how old a finding may be to answer it, and why. */
export interface RoutingHint {
  kind: QueryKind;
  route: 'search-first' | 'memory-first';
  /** Searches the hint is learned from (0: the kind's default). */
  samples: number;
  /**
   * The share (0..1] of its freshness age a finding of this kind keeps: 1 until users asked again soon
   * after answers from memory; each fifth of those answers asked again halves it.
   */
  maxAgeShare: number;
  /** For a question (not a kind): its freshness age times `maxAgeShare`, when that tightened it. */
  maxAgeMs?: number;
  /** "current-events: memory first", "financial: memory first, answers at most 2.5 min old" */
  text: string;
}

export interface TraceLogOptions {
  botId: string;
  store: TraceStore;
  /** Default `classifyQuery`; the memory's own classifier when they should agree. */
  classify?: QueryClassifier;
  /** Searches of a kind before its counts decide the route. Default 5. */
  minSamples?: number;
  /** Clock, for tests. */
  now?: () => number;
}

/** Who asked, when the app knows: a repeat is the same user asking again. */
export interface TraceContext {
  userId?: string;
}

/** Trace learning (002 §1F): per query kind and bot, what searches led to, and the route that follows. */
export interface TraceLog {
  readonly botId: string;
  /**
   * Counts what a search for `query` led to, and, when the same user asked it again within
   * `REPEAT_WINDOW_MS` of an answer from memory, that the answer was `repeated`.
   */
  record(query: string, outcome: SearchOutcome, context?: TraceContext): Promise<void>;
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
    counts[kind] = { memory: 0, web: 0, nothing: 0, satisfied: 0, unsatisfied: 0, repeated: 0 };
  }
  return counts;
}

/**
 * The route a kind's counts say, and how much of its freshness age a finding of it keeps. Every kind
 * recalls first: recall itself refuses a finding too old for its kind (a price after minutes, a capital
 * after a year), so a time-sensitive question is answered from a finding fresh enough for it and searched
 * otherwise. Search first only when users were more often unsatisfied than satisfied with the kind's
 * answers. When users asked again soon after answers from memory, the kind's findings are trusted for less
 * time: each fifth of its memory answers repeated halves their age. Too few searches: untouched.
 */
export function routeFor(kind: QueryKind, counts: TraceCounts, minSamples = 5): RoutingHint {
  const samples = counts.memory + counts.web + counts.nothing;
  const route: RoutingHint['route'] =
    samples >= minSamples && counts.unsatisfied > counts.satisfied ? 'search-first' : 'memory-first';
  const repeatedShare = counts.memory >= minSamples ? Math.min(1, counts.repeated / counts.memory) : 0;
  const maxAgeShare = 0.5 ** Math.floor(repeatedShare * 5);
  const tightened = maxAgeShare < 1 ? `, findings kept ${maxAgeShare} of their age` : '';
  return { kind, route, samples, maxAgeShare, text: `${kind}: ${route.replace('-', ' ')}${tightened}` };
}

/** The age limit a hint sets for a question: its freshness age, tightened by what users asked again. */
function learnedMaxAge(query: string, maxAgeShare: number): number | undefined {
  if (maxAgeShare >= 1) return undefined;
  return Math.max(MIN_LEARNED_MAX_AGE_MS, FRESHNESS_MAX_AGE_MS[questionKind(query)] * maxAgeShare);
}

/**
 * The answers from memory of the last `REPEAT_WINDOW_MS`, by user and question, so the same user asking
 * the same question again is seen (bounded: the oldest are dropped first).
 */
class RepeatWatch {
  readonly #answered = new Map<string, number>();

  /** Whether this ask repeats an answer from memory; remembers it when it is one. */
  check(userId: string | undefined, query: string, outcome: SearchOutcome, at: number): boolean {
    if (userId === undefined) return false;
    const key = questionShape(query).key;
    if (key === '') return false;
    const slot = `${userId.slice(0, 256)}\n${key}`;
    const before = this.#answered.get(slot);
    this.#answered.delete(slot);
    if (outcome === 'memory') {
      this.#answered.set(slot, at);
      if (this.#answered.size > MAX_WATCHED_ANSWERS) {
        this.#answered.delete(this.#answered.keys().next().value!);
      }
    }
    return before !== undefined && at - before <= REPEAT_WINDOW_MS;
  }
}

export function createTraceLog(options: TraceLogOptions): TraceLog {
  if (!BOT_ID.test(options.botId)) {
    throw new TypeError('createTraceLog: botId must be 1-64 letters, digits, "_", "-" or "."');
  }
  const { botId, store } = options;
  const classify = options.classify ?? classifyQuery;
  const minSamples = options.minSamples ?? 5;
  const now = options.now ?? Date.now;
  const repeats = new RepeatWatch();
  const kindOf = (query: string): QueryKind => {
    const kind = classify(query.slice(0, 512));
    return QUERY_KINDS.includes(kind) ? kind : 'general';
  };
  return {
    botId,
    async record(query, outcome, context = {}) {
      const kind = kindOf(query);
      if (repeats.check(context.userId, query, outcome, now())) {
        await store.incrementTrace(botId, kind, 'repeated');
      }
      await store.incrementTrace(botId, kind, outcome);
    },
    satisfied: (query, satisfied) =>
      store.incrementTrace(botId, kindOf(query), satisfied ? 'satisfied' : 'unsatisfied'),
    counts: (countOptions = {}) => store.traceCounts(countOptions.allBots ? undefined : botId),
    async hint(kindOrQuery) {
      const isKind = (QUERY_KINDS as readonly string[]).includes(kindOrQuery);
      const kind = isKind ? (kindOrQuery as QueryKind) : kindOf(kindOrQuery);
      const counts = await store.traceCounts(undefined);
      const hint = routeFor(kind, counts[kind], minSamples);
      const maxAgeMs = isKind ? undefined : learnedMaxAge(kindOrQuery, hint.maxAgeShare);
      return maxAgeMs === undefined ? hint : { ...hint, maxAgeMs };
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
