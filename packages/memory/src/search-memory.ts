import { randomUUID } from 'node:crypto';
import { cleanText, cleanUrl, FIELD_LIMITS, silentLogger } from '@agent-search/core';
import { within } from './deadline.ts';
import { confidentFacts, factSources, recalledFacts } from './facts.ts';
import {
  BOT_ID,
  type Finding,
  type FindingFact,
  type FindingScope,
  type FindingSource,
  fitForStorage,
  MAX_SOURCES,
} from './finding.ts';
import { FindingIndex } from './finding-index.ts';
import { DEFAULT_RETENTION, type FindingStore, MemoryFindingStore, type Retention } from './finding-store.ts';
import { classifyFreshness, kindOfFinding } from './freshness.ts';
import { DEFAULT_RECALL_TIMEOUT_MS } from './recall-deadline.ts';
import { freshFindings } from './recall-policy.ts';
import { questionShape } from './same-question.ts';
import {
  DEFAULT_FACT_CONFIDENCE,
  type FindingInput,
  type RecalledFinding,
  type RecallOptions,
  type SearchMemory,
  type SearchMemoryOptions,
} from './search-memory-types.ts';

export * from './search-memory-types.ts';

/** Longest a timer may be set for: longer ones fire at once (a deadline that long is no deadline anyway). */
const MAX_TIMER_MS = 2_147_483_647;

/** A search's results as a finding's sources: cleaned, http(s) URLs only, at most `MAX_SOURCES`. */
function resultSources(results: FindingInput['results']): FindingSource[] {
  return results.slice(0, MAX_SOURCES).flatMap((r) => {
    const url = cleanUrl(r.url);
    return url
      ? [{ title: cleanText(r.title, FIELD_LIMITS.title), url, snippet: cleanText(r.snippet, 1000) }]
      : [];
  });
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
  if (!BOT_ID.test(options.botId)) {
    throw new TypeError('createSearchMemory: botId must be 1-64 letters, digits, "_", "-" or "."');
  }
  const { botId } = options;
  const botName = cleanText(options.botName ?? botId, 80) || botId;
  const scope: FindingScope = options.scope ?? 'private';
  const store: FindingStore = options.store ?? new MemoryFindingStore();
  const retention: Retention = { ...DEFAULT_RETENTION, ...options.retention };
  const now = options.now ?? Date.now;
  const freshness = options.freshness ?? classifyFreshness;
  const factConfidence = options.factConfidence ?? DEFAULT_FACT_CONFIDENCE;
  if (!(factConfidence >= 0 && factConfidence <= 1)) {
    throw new RangeError('createSearchMemory: factConfidence must be between 0 and 1');
  }
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

  async function keep(
    rawQuery: string,
    sources: Finding['sources'],
    provider: string,
    userId: string | undefined,
    facts: FindingFact[] | undefined,
  ): Promise<Finding | undefined> {
    const query = cleanText(rawQuery, 512);
    if (query === '' || sources.length === 0) return undefined;
    const learned: Omit<Finding, 'id'> = {
      query,
      sources,
      provider: cleanText(provider, 64),
      learnedAt: new Date(now()).toISOString(),
      expiresAt: new Date(now() + retention.maxAgeMs).toISOString(),
      botId,
      botName,
      ...(userId === undefined ? {} : { userId: userId.slice(0, 256) }),
      scope,
      ...(facts === undefined ? {} : { facts }),
    };
    // Stored only in a form every reader takes: this bot never recalls what the others cannot.
    const finding = fitForStorage({ id: randomUUID(), ...learned, kind: kindOfFinding(learned, freshness) });
    if (!finding) return undefined;
    await store.add(writeTo, finding, retention, now());
    index.add(finding, writeTo);
    return finding;
  }

  /** The findings of the asked question, newest first, within the deadline. */
  async function candidates(question: string, deadline: number, signal: AbortSignal | undefined) {
    const asked = questionShape(question);
    if (index.loaded || !store.byQuestion || asked.key === '') {
      const syncing = index.synced();
      syncing.catch(() => {}); // a recall that gave up leaves nobody else to hear the sync fail
      await within(syncing, deadline, signal);
      return { asked, found: index.find(asked).reverse() };
    }
    // Before the first load is done: answer from the question's own findings, then let the load start
    // (or go on), so its reading and parsing do not hold this answer up.
    const looking = index.lookUp(asked);
    const load = () => index.synced().catch(() => {});
    looking.then(load, load);
    return { asked, found: (await within(looking, deadline, signal)).reverse() };
  }

  const memory: SearchMemory = {
    botId,

    remember: (input) =>
      keep(input.query, resultSources(input.results), input.provider, input.userId, undefined),

    async rememberFacts(facts, input) {
      const kept = confidentFacts(facts, input.confidence, factConfidence);
      if (kept.length === 0) return undefined;
      return keep(input.query, factSources(input.sources), 'facts', input.userId, kept);
    },

    async recall(query, recallOptions: RecallOptions = {}): Promise<RecalledFinding[]> {
      const timeoutMs = recallOptions.timeoutMs ?? DEFAULT_RECALL_TIMEOUT_MS;
      if (!(timeoutMs > 0)) throw new RangeError('recall: timeoutMs must be a positive number of ms');
      recallOptions.signal?.throwIfAborted();
      const question = cleanText(query, 512);
      // Oldest first from the index or the store: reversed, findings learned in the same millisecond come
      // newest first too.
      const { asked, found } = await candidates(
        question,
        Math.min(timeoutMs, MAX_TIMER_MS),
        recallOptions.signal,
      );
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
