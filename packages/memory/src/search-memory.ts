import { cleanText, silentLogger } from '@agent-search/core';
import { confidentFacts, factSources, recalledFacts } from './facts.ts';
import { BOT_ID, type Finding } from './finding.ts';
import { FindingIndex } from './finding-index.ts';
import { DEFAULT_RETENTION, type FindingStore, MemoryFindingStore } from './finding-store.ts';
import { classifyFreshness } from './freshness.ts';
import { type Learner, type Lesson, newFinding, resultSources } from './learn.ts';
import { DEFAULT_RECALL_TIMEOUT_MS } from './recall-deadline.ts';
import { freshFindings } from './recall-policy.ts';
import { questionShape } from './same-question.ts';
import {
  DEFAULT_FACT_CONFIDENCE,
  type RecalledFinding,
  type RecallOptions,
  type SearchMemory,
  type SearchMemoryOptions,
} from './search-memory-types.ts';

export * from './search-memory-types.ts';

/** Longest a timer may be set for: longer ones fire at once (a deadline that long is no deadline anyway). */
const MAX_TIMER_MS = 2_147_483_647;

/** The memory's settings from its options, checked, with their defaults. */
function settingsOf(options: SearchMemoryOptions) {
  if (!BOT_ID.test(options.botId)) {
    throw new TypeError('createSearchMemory: botId must be 1-64 letters, digits, "_", "-" or "."');
  }
  const factConfidence = options.factConfidence ?? DEFAULT_FACT_CONFIDENCE;
  if (!(factConfidence >= 0 && factConfidence <= 1)) {
    throw new RangeError('createSearchMemory: factConfidence must be between 0 and 1');
  }
  const learner: Learner = {
    botId: options.botId,
    botName: cleanText(options.botName ?? options.botId, 80) || options.botId,
    scope: options.scope ?? 'private',
    retention: { ...DEFAULT_RETENTION, ...options.retention },
    freshness: options.freshness ?? classifyFreshness,
    now: options.now ?? Date.now,
  };
  const store: FindingStore = options.store ?? new MemoryFindingStore();
  return { learner, store, factConfidence };
}

/**
 * A search memory: findings kept in a store, recalled by the question they answered, kept in step with the
 * store on every recall (`FindingIndex`). A finding answers only the same question (`sameQuestion`: every
 * name, place, number and direction of it, exactly; "capital of Iceland" does not recall the capital of
 * Ireland, nor "Super Bowl 2025" the 2024 one), and only while it is fresh for its kind and the question's
 * (`freshFindings`: a price for minutes, a capital for a year). Newest first. The parts: the index (and its
 * sync with the store), the recall policy, facts (facts.ts), retention (the store's, given each write) and
 * forgetting (the store, the index and `alsoForget`).
 */
export function createSearchMemory(options: SearchMemoryOptions): SearchMemory {
  const { learner, store, factConfidence } = settingsOf(options);
  const { botId, scope, retention, freshness, now } = learner;
  const own = `bot:${botId}`;
  const writeTo = scope === 'shared' ? 'shared' : own;
  const index = new FindingIndex({
    botId,
    store,
    namespaces: [own, 'shared'],
    retention,
    freshness,
    logger: options.logger ?? silentLogger,
  });

  async function keep(lesson: Lesson): Promise<Finding | undefined> {
    const finding = newFinding(lesson, learner);
    if (!finding) return undefined;
    await store.add(writeTo, finding, retention, now());
    index.add(finding, writeTo);
    return finding;
  }

  const memory: SearchMemory = {
    botId,

    remember: ({ query, results, provider, userId }) =>
      keep({ query, sources: resultSources(results), provider, userId, facts: undefined }),

    async rememberFacts(facts, input) {
      const kept = confidentFacts(facts, input.confidence, factConfidence);
      if (kept.length === 0) return undefined;
      const { query, userId } = input;
      return keep({ query, sources: factSources(input.sources), provider: 'facts', userId, facts: kept });
    },

    async recall(query, recallOptions: RecallOptions = {}): Promise<RecalledFinding[]> {
      const timeoutMs = recallOptions.timeoutMs ?? DEFAULT_RECALL_TIMEOUT_MS;
      if (!(timeoutMs > 0)) throw new RangeError('recall: timeoutMs must be a positive number of ms');
      recallOptions.signal?.throwIfAborted();
      const question = cleanText(query, 512);
      const asked = questionShape(question);
      const found = await index.answering(asked, Math.min(timeoutMs, MAX_TIMER_MS), recallOptions.signal);
      if (asked.key === '') return [];
      const at = now();
      return freshFindings(found, {
        botId,
        at,
        oldest: at - (recallOptions.maxAgeMs ?? retention.maxAgeMs),
        askedKind: freshness(question, []),
        facts: recallOptions.facts === true,
        limit: Math.max(1, Math.trunc(recallOptions.limit ?? 3)),
      });
    },

    async recallFacts(query, recallOptions = {}) {
      return recalledFacts(await memory.recall(query, { ...recallOptions, facts: true }));
    },

    async forgetUser(userId) {
      const [removed] = await Promise.all([
        store.forgetUser(userId),
        ...(options.alsoForget ?? []).map((holder) => holder.forgetUser(userId)),
      ]);
      index.forgetUser(userId);
      return removed;
    },

    close: () => store.close(),
  };
  return memory;
}
