import type { Finding } from './finding.ts';
import type { QueryKind } from './query-kind.ts';
import { type KindCounts, MemoryTraceCounts, type TraceField, type TraceStore } from './trace-log.ts';

/** How long findings are kept and how many, per namespace (one bot's private findings, or the shared ones). */
export interface Retention {
  /** Default 30 days. */
  maxAgeMs: number;
  /** Default 10,000. */
  maxFindings: number;
}

export const DEFAULT_RETENTION: Retention = { maxAgeMs: 30 * 24 * 3_600_000, maxFindings: 10_000 };

/** What changed in a namespace up to `version`: ids added (and still there) and ids removed. */
export interface FindingChanges {
  version: string;
  added: string[];
  removed: string[];
}

/** How many changes (ids added or removed) a store's log of a namespace keeps: enough for ~100 writes. */
export const CHANGE_LOG_LENGTH = 256;

/**
 * Where findings live. A memory keeps a full-text index of the namespaces it reads and brings it up to
 * date when a namespace's version changes, from the store's log of changes when it reaches back far
 * enough, else from the full id list; stores only keep findings and ids, ranking is the memory's job.
 */
export interface FindingStore {
  /** Stores a finding and applies the retention limits to its namespace. */
  add(namespace: string, finding: Finding, retention: Retention, now: number): Promise<void>;
  /** Each namespace's version, in order: a count of its writes and forgets ("0" before any). */
  versions(namespaces: readonly string[]): Promise<string[]>;
  /**
   * What changed in a namespace after version `since` up to its current version (net of adds then
   * removes), or undefined when the store's log does not hold every change since then: read `ids` instead.
   */
  changes(namespace: string, since: string): Promise<FindingChanges | undefined>;
  /** Ids in a namespace, newest last (at most `limit`, the newest). */
  ids(namespace: string, limit: number): Promise<string[]>;
  /** The stored values of these ids, unvalidated (undefined for ids no longer there). */
  get(ids: readonly string[]): Promise<unknown[]>;
  /** Deletes every finding the user triggered, in every namespace; resolves with how many. */
  forgetUser(userId: string): Promise<number>;
  /**
   * Optional: the stored values (unvalidated) of the findings in these namespaces filed under a question's
   * key (`questionShape`), oldest first, each once, in one round trip. With it, a new memory answers its
   * first recalls from this one lookup while it loads the rest; without it, they wait for the load.
   */
  byQuestion?(namespaces: readonly string[], key: string): Promise<unknown[]>;
  close(): Promise<void>;
}

/**
 * Findings in this process. Memories given the same store (bots in one worker) share what they learn;
 * without one, each memory has its own.
 */
export class MemoryFindingStore implements FindingStore, TraceStore {
  readonly #traces = new MemoryTraceCounts();
  readonly #namespaces = new Map<string, Map<string, Finding>>();
  readonly #versions = new Map<string, number>();
  readonly #logs = new Map<string, ChangeEntry[]>();

  /** A new version of the namespace, logging what it changed. */
  #bump(namespace: string, added: string | undefined, removed: readonly string[]): void {
    const version = (this.#versions.get(namespace) ?? 0) + 1;
    this.#versions.set(namespace, version);
    let log = this.#logs.get(namespace);
    if (!log) {
      log = [];
      this.#logs.set(namespace, log);
    }
    if (added !== undefined) log.push({ version, added: true, id: added });
    for (const id of removed) log.push({ version, added: false, id });
    if (log.length > CHANGE_LOG_LENGTH) log.splice(0, log.length - CHANGE_LOG_LENGTH);
  }

  async add(namespace: string, finding: Finding, retention: Retention, now: number): Promise<void> {
    let findings = this.#namespaces.get(namespace);
    if (!findings) {
      findings = new Map();
      this.#namespaces.set(namespace, findings);
    }
    findings.set(finding.id, finding);
    const removed: string[] = [];
    // Insertion order is learning order: the oldest come first.
    for (const [id, f] of findings) {
      if (findings.size > retention.maxFindings || Date.parse(f.learnedAt) < now - retention.maxAgeMs) {
        findings.delete(id);
        removed.push(id);
      } else break;
    }
    this.#bump(namespace, finding.id, removed);
  }

  async versions(namespaces: readonly string[]): Promise<string[]> {
    return namespaces.map((ns) => String(this.#versions.get(ns) ?? 0));
  }

  async changes(namespace: string, since: string): Promise<FindingChanges | undefined> {
    return changesSince(this.#logs.get(namespace) ?? [], Number(since), this.#versions.get(namespace) ?? 0);
  }

  async ids(namespace: string, limit: number): Promise<string[]> {
    return [...(this.#namespaces.get(namespace)?.keys() ?? [])].slice(-limit);
  }

  async get(ids: readonly string[]): Promise<unknown[]> {
    return ids.map((id) => {
      for (const findings of this.#namespaces.values()) {
        const found = findings.get(id);
        if (found) return found;
      }
      return undefined;
    });
  }

  async forgetUser(userId: string): Promise<number> {
    let removed = 0;
    for (const [namespace, findings] of this.#namespaces) {
      const gone: string[] = [];
      for (const [id, f] of findings) {
        if (f.userId === userId) {
          findings.delete(id);
          gone.push(id);
        }
      }
      if (gone.length > 0) {
        removed += gone.length;
        this.#bump(namespace, undefined, gone);
      }
    }
    return removed;
  }

  incrementTrace(botId: string, kind: QueryKind, field: TraceField): Promise<void> {
    return this.#traces.incrementTrace(botId, kind, field);
  }

  traceCounts(botId: string | undefined): Promise<KindCounts> {
    return this.#traces.traceCounts(botId);
  }

  async close(): Promise<void> {}
}

/** One logged change: in which version of its namespace an id was added or removed. */
export interface ChangeEntry {
  version: number;
  added: boolean;
  id: string;
}

/**
 * The net changes after version `since` up to `current`, from a log in version order, or undefined when
 * the log does not show every version in between (trimmed, or a writer that bumped without logging):
 * every version logs at least one change, so a gap means something is missing.
 */
export function changesSince(
  log: readonly ChangeEntry[],
  since: number,
  current: number,
): FindingChanges | undefined {
  if (!Number.isSafeInteger(since) || !Number.isSafeInteger(current) || since < 0 || since > current) {
    return undefined;
  }
  if (since === current) return { version: String(current), added: [], removed: [] };
  // The log must reach back past `since`, or its first version after it could be cut short; or start at
  // version 1, whose one change (the namespace's first finding) is never cut short.
  if (log.length === 0 || (log[0]!.version > since && log[0]!.version !== 1)) return undefined;
  const added = new Set<string>();
  const removed = new Set<string>();
  let expected = since + 1;
  for (const entry of log) {
    if (entry.version <= since) continue;
    if (entry.version === expected) expected++;
    else if (entry.version !== expected - 1) return undefined;
    if (entry.added) {
      added.add(entry.id);
      removed.delete(entry.id);
    } else {
      added.delete(entry.id);
      removed.add(entry.id);
    }
  }
  if (expected !== current + 1) return undefined;
  return { version: String(current), added: [...added], removed: [...removed] };
}
