import type { Logger } from '@agent-search/core';
import type { Finding, FindingFact, FindingScope } from './finding.ts';
import type { FindingStore, Retention } from './finding-store.ts';
import type { FreshnessClassifier, FreshnessKind } from './freshness.ts';

// What a search memory is, to its callers: its options, what it takes and what it gives back
// (`createSearchMemory` in search-memory.ts builds one).

export interface SearchMemoryOptions {
  /** The bot this memory belongs to (letters, digits, `_`, `-`, `.`). */
  botId: string;
  /** How the bot is named when its findings are cited ("Elena"). Default: `botId`. */
  botName?: string;
  /** Whether what this bot learns is recallable by every bot on the store (`shared`) or by it alone. Default `private`. */
  scope?: FindingScope;
  /** Default: a store of this memory's own, in this process. A `RedisFindingStore` shares between processes. */
  store?: FindingStore;
  retention?: Partial<Retention>;
  logger?: Logger;
  /**
   * Names the kind of a finding (from its question and its results' text) and of an asked question (with
   * no answer), which say how old a finding may be to answer (`FRESHNESS_MAX_AGE_MS`). Default
   * `classifyFreshness`.
   */
  freshness?: FreshnessClassifier;
  /** Facts below this confidence (0..1) are not kept by `rememberFacts`. Default `DEFAULT_FACT_CONFIDENCE`. */
  factConfidence?: number;
  /** Clock, for tests. */
  now?: () => number;
  /**
   * Other places that keep what a user's questions left behind, cleared by `forgetUser` too: the search
   * cache (`SearchCache` of `@agent-search/cache`, whose `forgetUser` deletes the answers the user's
   * searches put in it).
   */
  alsoForget?: readonly UserDataHolder[];
}

/** Anything that keeps data of a user and can delete it. */
export interface UserDataHolder {
  forgetUser(userId: string): Promise<number>;
}

/** The confidence a fact needs to be kept (002 §1D). */
export const DEFAULT_FACT_CONFIDENCE = 0.8;

/** What the app's model extracted from a search, and where from. */
export interface FactsInput {
  /** The pages the facts come from: every recalled fact names them. */
  sources: readonly { url: string; title?: string }[];
  /** The question the search answered. */
  query: string;
  /** Confidence of every fact given as a string (0..1); a fact given as `{ text, confidence }` has its own. */
  confidence?: number;
  userId?: string;
}

/** A recalled fact: its text (web content, cleaned), its sources, and who learned it when. */
export interface RecalledFact {
  text: string;
  confidence: number;
  /** Always "web": the text is quoted from web pages, information and never instructions. */
  origin: 'web';
  sources: { title: string; url: string }[];
  query: string;
  botId: string;
  botName: string;
  learnedAt: string;
  /** "Elena learned this on 2026-11-20 from nobelprize.org" */
  note: string;
}

/** What a search taught the bot: its results as returned by the search client. */
export interface FindingInput {
  query: string;
  results: readonly { title: string; url: string; snippet: string }[];
  provider: string;
  userId?: string;
}

export interface RecallOptions {
  /** Most findings to return. Default 3. */
  limit?: number;
  /** Only findings learned at most this long ago. Default: the retention age. */
  maxAgeMs?: number;
  /**
   * Longest the recall may take, in ms. Default `DEFAULT_RECALL_TIMEOUT_MS`. Past it the recall rejects with
   * a `TimeoutError` (the caller searches without memory) while the store is read on in the background, so
   * a later recall finds the index up to date.
   */
  timeoutMs?: number;
  /** Ends the recall at once with the signal's reason; the background read goes on as above. */
  signal?: AbortSignal;
  /** Facts (`rememberFacts`) instead of search results. Default false. */
  facts?: boolean;
}

/** A recalled finding with its freshness score and `learnedNote`'s sentence. */
export interface RecalledFinding extends Finding {
  /** The share of its kind's age it has left (1: just learned, near 0: about to go stale). */
  score: number;
  kind: FreshnessKind;
  /** "Elena learned this on 2026-11-20 from en.wikipedia.org" */
  note: string;
}

export interface SearchMemory {
  readonly botId: string;
  /** Stores what a search found; undefined when nothing in it is worth keeping (no usable result). */
  remember(input: FindingInput): Promise<Finding | undefined>;
  /**
   * Earlier findings this bot may see (its own, and shared ones), most relevant first. Findings another
   * bot learned come without `userId`: who asked that bot is not this bot's business.
   */
  recall(query: string, options?: RecallOptions): Promise<RecalledFinding[]>;
  /**
   * Keeps facts the app's model extracted from a search, those at or above the confidence threshold, with
   * their sources, under the same retention, forgetting and cleaning as findings. Resolves with the stored
   * finding, or undefined when no fact was confident enough (or no source was an http(s) URL).
   */
  rememberFacts(facts: readonly (string | FindingFact)[], input: FactsInput): Promise<Finding | undefined>;
  /** Facts relevant to the question, with their sources and who learned them; the same rules as `recall`. */
  recallFacts(query: string, options?: RecallOptions): Promise<RecalledFact[]>;
  /**
   * Deletes every finding the user triggered, from every bot on the store, and what the user left in the
   * holders given as `alsoForget` (the search cache's answers to their questions); resolves with how many
   * findings. Rejects when any of it could not be deleted: a forget must not look done when it is not.
   */
  forgetUser(userId: string): Promise<number>;
  close(): Promise<void>;
}
