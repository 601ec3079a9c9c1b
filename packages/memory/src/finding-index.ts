import type { Logger } from '@agent-search/core';
import { within } from './deadline.ts';
import { type Finding, parseFinding } from './finding.ts';
import type { FindingStore, Retention } from './finding-store.ts';
import { type FreshnessClassifier, kindOfFinding } from './freshness.ts';
import { QuestionIndex } from './question-index.ts';
import { type QuestionShape, questionShape, sameQuestion } from './same-question.ts';

/** Findings a load asks its store for at once. */
const LOAD_CHUNK = 1_000;
/** Longest a load parses and indexes before it lets timers and I/O run. */
const LOAD_SLICE_MS = 10;

export interface FindingIndexOptions {
  /** The bot reading: another bot's private finding is never indexed, whatever a store hands over. */
  botId: string;
  store: FindingStore;
  /** The namespaces read: the bot's own and the shared one. */
  namespaces: readonly string[];
  retention: Retention;
  freshness: FreshnessClassifier;
  logger: Logger;
}

/**
 * What a memory knows of its store: the findings of the namespaces it reads, keyed by their question
 * (`QuestionIndex`), kept in step with the store by its versions and logs of changes. One sync runs at a
 * time; a recall that gives up at its deadline leaves it running for the next.
 */
export class FindingIndex {
  readonly #options: FindingIndexOptions;
  readonly #questions = new QuestionIndex();
  readonly #findings = new Map<string, Finding>();
  // The namespace each indexed finding was read from, and how many each holds.
  readonly #namespaceOf = new Map<string, string>();
  readonly #counts = new Map<string, number>();
  // Each namespace's version the index reflects (undefined: never read).
  readonly #synced: (string | undefined)[];
  #syncing: Promise<void> | undefined;

  constructor(options: FindingIndexOptions) {
    this.#options = options;
    this.#synced = options.namespaces.map(() => undefined);
  }

  /** Whether the index holds every namespace it reads (its first load is done). */
  get loaded(): boolean {
    return this.#synced.every((v) => v !== undefined);
  }

  /**
   * The findings answering the asked question, newest first (of two learned in the same millisecond, the
   * one kept later first), or a rejection at the deadline or abort (the sync or load runs on for the next
   * recall). Once loaded, or without `byQuestion`: the index, after a sync. Before the first load is done:
   * the store's findings filed under the question, then the load starts (or goes on), so its reading and
   * parsing do not hold this answer up.
   */
  async answering(
    asked: QuestionShape,
    deadline: number,
    signal: AbortSignal | undefined,
  ): Promise<Finding[]> {
    if (this.loaded || !this.#options.store.byQuestion || asked.key === '') {
      const syncing = this.synced();
      syncing.catch(() => {}); // a recall that gave up leaves nobody else to hear the sync fail
      await within(syncing, deadline, signal);
      return this.#questions
        .find(asked)
        .reverse()
        .map((id) => this.#findings.get(id)!);
    }
    const looking = this.#lookUp(asked);
    const load = () => this.synced().catch(() => {});
    looking.then(load, load);
    return (await within(looking, deadline, signal)).reverse();
  }

  /** Indexes a finding read from (or just written to) `namespace`; one of unknown kind is classified. */
  add(finding: Finding, namespace: string): void {
    if (this.#findings.has(finding.id)) return;
    // Findings kept before kinds were: classified as they are read.
    const kind = finding.kind ?? kindOfFinding(finding, this.#options.freshness);
    this.#findings.set(finding.id, finding.kind ? finding : { ...finding, kind });
    this.#namespaceOf.set(finding.id, namespace);
    this.#counts.set(namespace, (this.#counts.get(namespace) ?? 0) + 1);
    this.#questions.add(finding.id, finding.query);
  }

  /** Drops the user's findings from the index (the store forgets them on its own). */
  forgetUser(userId: string): void {
    for (const [id, finding] of this.#findings) if (finding.userId === userId) this.#remove(id);
  }

  #remove(id: string): void {
    if (!this.#findings.delete(id)) return;
    const namespace = this.#namespaceOf.get(id)!;
    this.#namespaceOf.delete(id);
    this.#counts.set(namespace, this.#counts.get(namespace)! - 1);
    this.#questions.remove(id);
  }

  /** A stored value as a finding this bot may see, or undefined. */
  #readable(value: unknown): Finding | undefined {
    const finding = parseFinding(value);
    // Another bot's private finding is not ours to see, even if a store hands it over.
    return finding && (finding.scope === 'shared' || finding.botId === this.#options.botId)
      ? finding
      : undefined;
  }

  /**
   * Before the first load is done: the findings the store filed under the asked question, read and
   * checked like any other (a new bot answers its first questions without reading every finding first),
   * oldest first. Needs a store with `byQuestion`.
   */
  async #lookUp(asked: QuestionShape): Promise<Finding[]> {
    const { store, namespaces, freshness } = this.#options;
    const found: Finding[] = [];
    for (const value of await store.byQuestion!(namespaces, asked.key)) {
      const finding = this.#readable(value);
      if (!finding || !sameQuestion(questionShape(finding.query), asked)) continue;
      found.push(finding.kind ? finding : { ...finding, kind: kindOfFinding(finding, freshness) });
    }
    return found;
  }

  /** Brings the index up to what the store holds; a sync already running is joined, not repeated. */
  synced(): Promise<void> {
    this.#syncing ??= this.#sync().finally(() => {
      this.#syncing = undefined;
    });
    return this.#syncing;
  }

  /**
   * One version read, and for a namespace that changed, its log of changes (the ids added and removed
   * since) or, when the log does not reach back, its id list.
   */
  async #sync(): Promise<void> {
    const { store, namespaces, retention, logger } = this.#options;
    const versions = await store.versions(namespaces);
    let rejected = 0;
    for (const [i, namespace] of namespaces.entries()) {
      const since = this.#synced[i];
      if (versions[i] === since) continue;
      const changes = since === undefined ? undefined : await store.changes(namespace, since);
      if (changes) {
        for (const id of changes.removed) if (this.#namespaceOf.get(id) === namespace) this.#remove(id);
        rejected += await this.#load(
          changes.added.filter((id) => !this.#findings.has(id)),
          namespace,
        );
      }
      // A writer keeping more than this memory's retention: the id list holds the newest it keeps.
      if (!changes || (this.#counts.get(namespace) ?? 0) > retention.maxFindings)
        rejected += await this.#reload(namespace);
      this.#synced[i] = changes?.version ?? versions[i];
    }
    if (rejected > 0) logger.warn({ rejected }, 'search memory: ignored stored findings that are not valid');
  }

  /** Re-reads a namespace's id list: drops what is gone from it, loads what is new. */
  async #reload(namespace: string): Promise<number> {
    const present = new Set(await this.#options.store.ids(namespace, this.#options.retention.maxFindings));
    for (const [id, ns] of this.#namespaceOf) if (ns === namespace && !present.has(id)) this.#remove(id);
    return this.#load(
      [...present].filter((id) => !this.#findings.has(id)),
      namespace,
    );
  }

  /**
   * Reads these findings from the store into the index, `LOAD_CHUNK` at a time with the next chunk on its
   * way while one is parsed and indexed, handing the event loop back every `LOAD_SLICE_MS` (a first load
   * of 10,000 findings must not freeze a voice agent's audio, nor keep a recall's deadline from firing).
   * Resolves with how many were not valid.
   */
  async #load(ids: readonly string[], namespace: string): Promise<number> {
    let rejected = 0;
    const read = (from: number) => {
      const reading = this.#options.store.get(ids.slice(from, from + LOAD_CHUNK));
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
        const finding = this.#readable(value);
        if (finding) this.add(finding, namespace);
        else rejected++;
      }
    }
    return rejected;
  }
}
