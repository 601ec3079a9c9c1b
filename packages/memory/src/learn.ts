import { randomUUID } from 'node:crypto';
import { cleanText, cleanUrl, FIELD_LIMITS } from '@agent-search/core';
import {
  type Finding,
  type FindingFact,
  type FindingScope,
  type FindingSource,
  fitForStorage,
  MAX_SOURCES,
} from './finding.ts';
import type { Retention } from './finding-store.ts';
import { type FreshnessClassifier, kindOfFinding } from './freshness.ts';
import type { FindingInput } from './search-memory-types.ts';

/** A search's results as a finding's sources: cleaned, http(s) URLs only, at most `MAX_SOURCES`. */
export function resultSources(results: FindingInput['results']): FindingSource[] {
  return results.slice(0, MAX_SOURCES).flatMap((r) => {
    const url = cleanUrl(r.url);
    return url
      ? [{ title: cleanText(r.title, FIELD_LIMITS.title), url, snippet: cleanText(r.snippet, 1000) }]
      : [];
  });
}

/** Who learns, and by which rules: the memory's settings a new finding is made with. */
export interface Learner {
  botId: string;
  botName: string;
  scope: FindingScope;
  retention: Retention;
  freshness: FreshnessClassifier;
  now: () => number;
}

/** What one search (or one extraction of facts) taught. */
export interface Lesson {
  query: string;
  sources: FindingSource[];
  provider: string;
  userId: string | undefined;
  facts: FindingFact[] | undefined;
}

/**
 * A new finding of what was learned, with its kind and the writer's retention end, in the form every reader
 * takes (`fitForStorage`: this bot never recalls what the others cannot); undefined when nothing in it is
 * worth keeping (no question, no source, or nothing that fits).
 */
export function newFinding(lesson: Lesson, learner: Learner): Finding | undefined {
  const query = cleanText(lesson.query, 512);
  if (query === '' || lesson.sources.length === 0) return undefined;
  const at = learner.now();
  const learned: Omit<Finding, 'id'> = {
    query,
    sources: lesson.sources,
    provider: cleanText(lesson.provider, 64),
    learnedAt: new Date(at).toISOString(),
    expiresAt: new Date(at + learner.retention.maxAgeMs).toISOString(),
    botId: learner.botId,
    botName: learner.botName,
    ...(lesson.userId === undefined ? {} : { userId: lesson.userId.slice(0, 256) }),
    scope: learner.scope,
    ...(lesson.facts === undefined ? {} : { facts: lesson.facts }),
  };
  return fitForStorage({ id: randomUUID(), ...learned, kind: kindOfFinding(learned, learner.freshness) });
}
