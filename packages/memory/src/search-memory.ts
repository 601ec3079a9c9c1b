import { randomUUID } from 'node:crypto';
import { cleanText, cleanUrl, FIELD_LIMITS, type Logger, silentLogger } from '@agent-search/core';
import {
  BOT_ID,
  type Finding,
  type FindingFact,
  type FindingScope,
  fitForStorage,
  learnedNote,
  MAX_FACT_CHARS,
  MAX_FACTS,
  MAX_SOURCES,
  parseFinding,
} from './finding.ts';
import { DEFAULT_RETENTION, type FindingStore, MemoryFindingStore, type Retention } from './finding-store.ts';
import {
  classifyFreshness,
  FRESHNESS_MAX_AGE_MS,
  type FreshnessClassifier,
  type FreshnessKind,
  stricterKind,
} from './freshness.ts';
import { QuestionIndex } from './question-index.ts';
import { DEFAULT_RECALL_TIMEOUT_MS } from './recall-deadline.ts';
import { type QuestionShape, questionShape, sameQuestion } from './same-question.ts';

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

/** Findings a load asks its store for at once. */
const LOAD_CHUNK = 1_000;
/** Longest a load parses and indexes before it lets timers and I/O run. */
const LOAD_SLICE_MS = 10;

/**
 * A search memory: findings kept in a store, recalled by the question they answered (`QuestionIndex`),
 * kept in step with the store on every recall. A finding answers only the same question (`sameQuestion`:
 * every name, place, number and direction of it, exactly; "capital of Iceland" does not recall the
 * capital of Ireland, nor "Super Bowl 2025" the 2024 one), and only while it is fresh for its kind and the
 * question's (`FRESHNESS_MAX_AGE_MS`: a price for minutes, a capital for a year). Newest first.
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
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? Date.now;
  const freshness = options.freshness ?? classifyFreshness;
  const factConfidence = options.factConfidence ?? DEFAULT_FACT_CONFIDENCE;
  if (!(factConfidence >= 0 && factConfidence <= 1)) {
    throw new RangeError('createSearchMemory: factConfidence must be between 0 and 1');
  }
  const own = `bot:${botId}`;
  const writeTo = scope === 'shared' ? 'shared' : own;
  const readFrom = [own, 'shared'];

  const index = new QuestionIndex();
  const findings = new Map<string, Finding>();
  // The namespace each indexed finding was read from, and how many each holds.
  const namespaceOf = new Map<string, string>();
  const counts = new Map<string, number>();
  // Each namespace's version the index reflects (undefined: never read).
  const syncedVersions: (string | undefined)[] = readFrom.map(() => undefined);
  let syncing: Promise<void> | undefined;

  function indexFinding(finding: Finding, namespace: string): void {
    if (findings.has(finding.id)) return;
    // Findings kept before kinds were: classified as they are read.
    findings.set(finding.id, finding.kind ? finding : { ...finding, kind: kindOf(finding) });
    namespaceOf.set(finding.id, namespace);
    counts.set(namespace, (counts.get(namespace) ?? 0) + 1);
    index.add(finding.id, finding.query);
  }

  function kindOf(finding: Omit<Finding, 'id'>): FreshnessKind {
    const text: string[] = [];
    for (const source of finding.sources) text.push(source.title, source.snippet);
    for (const fact of finding.facts ?? []) text.push(fact.text);
    return freshness(finding.query, text);
  }

  function unindex(id: string): void {
    if (!findings.delete(id)) return;
    const namespace = namespaceOf.get(id)!;
    namespaceOf.delete(id);
    counts.set(namespace, counts.get(namespace)! - 1);
    index.remove(id);
  }

  /**
   * Reads these findings from the store into the index, `LOAD_CHUNK` at a time with the next chunk on its
   * way while one is parsed and indexed, handing the event loop back every `LOAD_SLICE_MS` (a first load
   * of 10,000 findings must not freeze a voice agent's audio, nor keep a recall's deadline from firing).
   * Resolves with how many were not valid.
   */
  async function load(ids: readonly string[], namespace: string): Promise<number> {
    let rejected = 0;
    const read = (from: number) => {
      const reading = store.get(ids.slice(from, from + LOAD_CHUNK));
      reading.catch(() => {}); // awaited below; this only keeps a failure that comes first from going unheard
      return reading;
    };
    let next = ids.length > 0 ? read(0) : undefined;
    let sliceStarted = performance.now();
    for (let from = 0; next; from += LOAD_CHUNK) {
      const values = await next;
      next = from + LOAD_CHUNK < ids.length ? read(from + LOAD_CHUNK) : undefined;
      for (const value of values) {
        if (performance.now() - sliceStarted > LOAD_SLICE_MS) {
          await new Promise((resolve) => setImmediate(resolve));
          sliceStarted = performance.now();
        }
        if (value === undefined) continue;
        const finding = parseFinding(value);
        // Another bot's private finding is not ours to see, even if a store hands it over.
        if (finding && (finding.scope === 'shared' || finding.botId === botId))
          indexFinding(finding, namespace);
        else rejected++;
      }
    }
    return rejected;
  }

  /** Re-reads a namespace's id list: drops what is gone from it, loads what is new. */
  async function reload(namespace: string): Promise<number> {
    const present = new Set(await store.ids(namespace, retention.maxFindings));
    for (const [id, ns] of namespaceOf) if (ns === namespace && !present.has(id)) unindex(id);
    return load(
      [...present].filter((id) => !findings.has(id)),
      namespace,
    );
  }

  /**
   * Brings the index up to what the store holds: one version read, and for a namespace that changed, its
   * log of changes (the ids added and removed since) or, when the log does not reach back, its id list.
   */
  async function sync(): Promise<void> {
    const versions = await store.versions(readFrom);
    let rejected = 0;
    for (const [i, namespace] of readFrom.entries()) {
      const since = syncedVersions[i];
      if (versions[i] === since) continue;
      const changes = since === undefined ? undefined : await store.changes(namespace, since);
      if (changes) {
        for (const id of changes.removed) if (namespaceOf.get(id) === namespace) unindex(id);
        rejected += await load(
          changes.added.filter((id) => !findings.has(id)),
          namespace,
        );
      }
      // A writer keeping more than this memory's retention: the id list holds the newest it keeps.
      if (!changes || (counts.get(namespace) ?? 0) > retention.maxFindings)
        rejected += await reload(namespace);
      syncedVersions[i] = changes?.version ?? versions[i];
    }
    if (rejected > 0) logger.warn({ rejected }, 'search memory: ignored stored findings that are not valid');
  }

  function synced(): Promise<void> {
    syncing ??= sync().finally(() => {
      syncing = undefined;
    });
    return syncing;
  }

  /** `synced()`, or a rejection at the deadline or abort; the sync itself runs on for the next recall. */
  function syncedWithin(timeoutMs: number, signal: AbortSignal | undefined): Promise<void> {
    const running = synced();
    running.catch(() => {}); // a recall that gave up leaves nobody else to hear the sync fail
    return within(running, timeoutMs, signal);
  }

  /** The work's result, or a rejection at the deadline or abort (the work itself runs on). */
  function within<T>(running: Promise<T>, timeoutMs: number, signal: AbortSignal | undefined): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new DOMException(`search memory did not recall within ${timeoutMs} ms`, 'TimeoutError')),
        timeoutMs,
      );
      if (signal) {
        onAbort = () => reject(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
      }
    });
    return Promise.race([running, late]).finally(() => {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    });
  }

  /** Whether the index holds every namespace this memory reads (its first load is done). */
  const loaded = () => syncedVersions.every((v) => v !== undefined);

  /**
   * Before the first load is done: the findings the store filed under the asked question, read and
   * checked like any other (a new bot answers its first questions without reading every finding first).
   */
  async function lookUp(asked: QuestionShape): Promise<Finding[]> {
    const ids = [...new Set(await store.byQuestion!(readFrom, asked.key))];
    const found: Finding[] = [];
    for (const value of await store.get(ids)) {
      const finding = parseFinding(value);
      if (!finding || (finding.scope !== 'shared' && finding.botId !== botId)) continue;
      if (!sameQuestion(questionShape(finding.query), asked)) continue;
      found.push(finding.kind ? finding : { ...finding, kind: kindOf(finding) });
    }
    return found.reverse();
  }

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
    const finding = fitForStorage({ id: randomUUID(), ...learned, kind: kindOf(learned) });
    if (!finding) return undefined;
    await store.add(writeTo, finding, retention, now());
    indexFinding(finding, writeTo);
    return finding;
  }

  const memory: SearchMemory = {
    botId,

    async remember(input) {
      const sources = input.results.slice(0, MAX_SOURCES).flatMap((r) => {
        const url = cleanUrl(r.url);
        return url
          ? [{ title: cleanText(r.title, FIELD_LIMITS.title), url, snippet: cleanText(r.snippet, 1000) }]
          : [];
      });
      return keep(input.query, sources, input.provider, input.userId, undefined);
    },

    async rememberFacts(facts, input) {
      const kept: FindingFact[] = [];
      for (const fact of facts.slice(0, MAX_FACTS * 4)) {
        const text = cleanText(typeof fact === 'string' ? fact : String(fact?.text ?? ''), MAX_FACT_CHARS);
        const confidence = typeof fact === 'string' ? input.confidence : fact?.confidence;
        if (
          text === '' ||
          typeof confidence !== 'number' ||
          !(confidence >= factConfidence && confidence <= 1)
        ) {
          continue;
        }
        kept.push({ text, confidence });
        if (kept.length === MAX_FACTS) break;
      }
      if (kept.length === 0) return undefined;
      const sources = input.sources.slice(0, MAX_SOURCES).flatMap((s) => {
        const url = cleanUrl(s.url);
        return url ? [{ title: cleanText(s.title ?? '', FIELD_LIMITS.title), url, snippet: '' }] : [];
      });
      return keep(input.query, sources, 'facts', input.userId, kept);
    },

    async recall(query, recallOptions = {}) {
      const timeoutMs = recallOptions.timeoutMs ?? DEFAULT_RECALL_TIMEOUT_MS;
      if (!(timeoutMs > 0)) throw new RangeError('recall: timeoutMs must be a positive number of ms');
      // Timers above 2^31-1 ms fire at once: clamp, a deadline that long is no deadline anyway.
      const deadline = Math.min(timeoutMs, 2_147_483_647);
      recallOptions.signal?.throwIfAborted();
      const question = cleanText(query, 512);
      const asked = questionShape(question);
      let candidates: Finding[];
      if (loaded() || !store.byQuestion || asked.key === '') {
        await syncedWithin(deadline, recallOptions.signal);
        candidates = index
          .find(asked)
          .reverse()
          .map((id) => findings.get(id)!);
      } else {
        // Before the first load is done: answer from the question's own findings, then let the load start
        // (or go on), so its reading and parsing do not hold this answer up.
        const looking = lookUp(asked);
        looking.then(
          () => synced().catch(() => {}),
          () => synced().catch(() => {}),
        );
        candidates = await within(looking, deadline, recallOptions.signal);
      }
      if (asked.key === '') return [];
      const limit = Math.max(1, Math.trunc(recallOptions.limit ?? 3));
      const at = now();
      const oldest = at - (recallOptions.maxAgeMs ?? retention.maxAgeMs);
      // "the latest iPhone" wants a fresher answer than the finding's kind alone would.
      const askedKind = freshness(question, []);
      const wantFacts = recallOptions.facts === true;
      const recalled: RecalledFinding[] = [];
      // Oldest first from the index or the store: reversed, findings learned in the same millisecond come
      // newest first too.
      for (const finding of candidates) {
        const learnedAt = Date.parse(finding.learnedAt);
        const kind = stricterKind(finding.kind!, askedKind);
        const maxAge = FRESHNESS_MAX_AGE_MS[kind];
        if (
          learnedAt < oldest ||
          at - learnedAt > maxAge ||
          (finding.facts !== undefined) !== wantFacts ||
          // The writer's retention ended: Redis dropped the key, and this index must not outlive it.
          (finding.expiresAt !== undefined && Date.parse(finding.expiresAt) < at)
        ) {
          continue;
        }
        // The user who asked another bot stays with that bot.
        const { userId, ...seen } = finding;
        const mine = finding.botId === botId && userId !== undefined ? { userId } : {};
        const score = Math.max(0, 1 - Math.max(0, at - learnedAt) / maxAge);
        recalled.push({ ...seen, ...mine, kind: finding.kind!, score, note: learnedNote(finding) });
      }
      recalled.sort((a, b) => b.learnedAt.localeCompare(a.learnedAt));
      return recalled.slice(0, limit);
    },

    async recallFacts(query, recallOptions = {}) {
      const recalled = await memory.recall(query, { ...recallOptions, facts: true });
      return recalled.flatMap((finding) =>
        (finding.facts ?? []).map((fact) => ({
          text: fact.text,
          confidence: fact.confidence,
          origin: 'web' as const,
          sources: finding.sources.map((s) => ({ title: s.title, url: s.url })),
          query: finding.query,
          botId: finding.botId,
          botName: finding.botName,
          learnedAt: finding.learnedAt,
          note: finding.note,
        })),
      );
    },

    async forgetUser(userId) {
      const [removed] = await Promise.all([
        store.forgetUser(userId),
        ...(options.alsoForget ?? []).map((holder) => holder.forgetUser(userId)),
      ]);
      for (const [id, finding] of findings) if (finding.userId === userId) unindex(id);
      return removed;
    },

    close: () => store.close(),
  };
  return memory;
}
