import { type Finding, learnedNote } from './finding.ts';
import { FRESHNESS_MAX_AGE_MS, type FreshnessKind, stricterKind } from './freshness.ts';
import type { RecalledFinding } from './search-memory-types.ts';

/** What decides which of the findings answering a question may answer it now. */
export interface RecallPolicy {
  /** The bot recalling: the user who asked another bot stays with that bot. */
  botId: string;
  /** Now, in ms since the epoch. */
  at: number;
  /** Findings learned before this (ms since the epoch) do not answer: the caller's or retention's age. */
  oldest: number;
  /** The asked question's kind: "the latest iPhone" wants a fresher answer than its finding's kind alone. */
  askedKind: FreshnessKind;
  /** Findings with facts (`recallFacts`) or without (`recall`). */
  facts: boolean;
  limit: number;
}

/**
 * The findings (of the asked question, newest first) that may answer it: young enough for the stricter of
 * their kind and the question's (`FRESHNESS_MAX_AGE_MS`), for the caller's age limit and for their
 * writer's retention, of the wanted sort (facts or results); each scored by the share of its age it has
 * left, newest first, at most `limit`.
 */
export function freshFindings(candidates: readonly Finding[], policy: RecallPolicy): RecalledFinding[] {
  const { at, oldest } = policy;
  const recalled: RecalledFinding[] = [];
  for (const finding of candidates) {
    const learnedAt = Date.parse(finding.learnedAt);
    const maxAge = FRESHNESS_MAX_AGE_MS[stricterKind(finding.kind!, policy.askedKind)];
    if (
      learnedAt < oldest ||
      at - learnedAt > maxAge ||
      (finding.facts !== undefined) !== policy.facts ||
      // The writer's retention ended: Redis dropped the key, and this index must not outlive it.
      (finding.expiresAt !== undefined && Date.parse(finding.expiresAt) < at)
    ) {
      continue;
    }
    // The user who asked another bot stays with that bot.
    const { userId, ...seen } = finding;
    const mine = finding.botId === policy.botId && userId !== undefined ? { userId } : {};
    const score = Math.max(0, 1 - Math.max(0, at - learnedAt) / maxAge);
    recalled.push({ ...seen, ...mine, kind: finding.kind!, score, note: learnedNote(finding) });
  }
  recalled.sort((a, b) => b.learnedAt.localeCompare(a.learnedAt));
  return recalled.slice(0, policy.limit);
}
