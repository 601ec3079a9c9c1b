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

/**
 * Where findings live. A memory keeps a full-text index of the namespaces it reads and brings it up to
 * date when `version` changes, so stores only keep findings and ids; ranking is the memory's job.
 */
export interface FindingStore {
  /** Stores a finding and applies the retention limits to its namespace. */
  add(namespace: string, finding: Finding, retention: Retention, now: number): Promise<void>;
  /** Changes whenever anything in these namespaces was added or removed. */
  version(namespaces: readonly string[]): Promise<string>;
  /** Ids in a namespace, newest last (at most `limit`, the newest). */
  ids(namespace: string, limit: number): Promise<string[]>;
  /** The stored values of these ids, unvalidated (undefined for ids no longer there). */
  get(ids: readonly string[]): Promise<unknown[]>;
  /** Deletes every finding the user triggered, in every namespace; resolves with how many. */
  forgetUser(userId: string): Promise<number>;
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

  #bump(namespace: string): void {
    this.#versions.set(namespace, (this.#versions.get(namespace) ?? 0) + 1);
  }

  async add(namespace: string, finding: Finding, retention: Retention, now: number): Promise<void> {
    let findings = this.#namespaces.get(namespace);
    if (!findings) {
      findings = new Map();
      this.#namespaces.set(namespace, findings);
    }
    findings.set(finding.id, finding);
    // Insertion order is learning order: the oldest come first.
    for (const [id, f] of findings) {
      if (findings.size > retention.maxFindings || Date.parse(f.learnedAt) < now - retention.maxAgeMs) {
        findings.delete(id);
      } else break;
    }
    this.#bump(namespace);
  }

  async version(namespaces: readonly string[]): Promise<string> {
    return namespaces.map((ns) => this.#versions.get(ns) ?? 0).join(':');
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
      const before = findings.size;
      for (const [id, f] of findings) if (f.userId === userId) findings.delete(id);
      if (findings.size !== before) {
        removed += before - findings.size;
        this.#bump(namespace);
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
