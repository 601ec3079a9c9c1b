import { cleanText, cleanUrl, FIELD_LIMITS, siteOf } from '@agent-search/core';

/** Who may recall a finding: only the bot that learned it, or every bot sharing the store. */
export type FindingScope = 'private' | 'shared';

/** One page a finding cites. */
export interface FindingSource {
  title: string;
  url: string;
  snippet: string;
}

/** What a bot learned from one search, and who and what made it learn it. */
export interface Finding {
  id: string;
  query: string;
  sources: FindingSource[];
  /** Id of the provider that answered the search. */
  provider: string;
  /** ISO 8601. */
  learnedAt: string;
  /** ISO 8601: when the writer's retention ends (and the Redis key expires); never recalled after it. */
  expiresAt?: string;
  botId: string;
  /** How the bot is named to people ("Elena"); the id when not given. */
  botName: string;
  /** The user whose question triggered the search, so their findings can be forgotten. */
  userId?: string;
  scope: FindingScope;
  /**
   * Facts the app's model extracted from the sources (`rememberFacts`), each at or above the memory's
   * confidence threshold. A finding with facts is recalled by `recallFacts`, not by `recall`.
   */
  facts?: FindingFact[];
}

/** One fact and how sure the app's model was of it (0..1). */
export interface FindingFact {
  text: string;
  confidence: number;
}

export const MAX_SOURCES = 10;
export const MAX_FACTS = 20;
/** Longest fact kept, in characters. */
export const MAX_FACT_CHARS = 500;
/** Bot ids name Redis keys: letters, digits, `_`, `-` and `.` only. */
export const BOT_ID = /^[\w.-]{1,64}$/;

const FINDING_ID = /^[\w-]{1,64}$/;
// What `toISOString` writes (fraction optional), in UTC: the only dates this package stores.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;

// Bounds generous enough for any finding this package writes, tight enough to stop a forged one: text may
// be twice its limit before cleaning. Checked by hand, not by a schema library: a first load checks
// thousands of stored findings, and this reads each field once and copies nothing.
const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max * 2;
const isString = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max;
const isDateTime = (value: unknown): value is string =>
  typeof value === 'string' && ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface StoredSource {
  title: string;
  url: string;
  snippet: string;
}

interface StoredFinding extends Omit<Finding, 'sources'> {
  sources: StoredSource[];
}

function isStoredFinding(f: Record<string, unknown>): boolean {
  return (
    typeof f.id === 'string' &&
    FINDING_ID.test(f.id) &&
    isText(f.query, 512) &&
    f.query.length > 0 &&
    Array.isArray(f.sources) &&
    f.sources.length <= MAX_SOURCES &&
    f.sources.every(
      (s) =>
        isRecord(s) &&
        isText(s.title, FIELD_LIMITS.title) &&
        isString(s.url, 2048) &&
        isText(s.snippet, 1000),
    ) &&
    isString(f.provider, 64) &&
    isDateTime(f.learnedAt) &&
    (f.expiresAt === undefined || isDateTime(f.expiresAt)) &&
    typeof f.botId === 'string' &&
    BOT_ID.test(f.botId) &&
    isText(f.botName, 80) &&
    (f.userId === undefined || isString(f.userId, 256)) &&
    (f.scope === 'private' || f.scope === 'shared') &&
    (f.facts === undefined ||
      (Array.isArray(f.facts) &&
        f.facts.length <= MAX_FACTS &&
        f.facts.every(
          (fact) =>
            isRecord(fact) &&
            isText(fact.text, MAX_FACT_CHARS) &&
            fact.text.length > 0 &&
            typeof fact.confidence === 'number' &&
            fact.confidence >= 0 &&
            fact.confidence <= 1,
        )))
  );
}

/**
 * A finding from storage another process can write (Redis), or undefined when it is not one. Text fields
 * are cleaned again (markup, control characters) and only http(s) URLs survive: a forged entry must not
 * reach a model or a user as anything but plain text.
 */
export function parseFinding(value: unknown): Finding | undefined {
  if (!isRecord(value) || !isStoredFinding(value)) return undefined;
  const f = value as unknown as StoredFinding;
  const sources: FindingSource[] = [];
  for (const s of f.sources) {
    const url = cleanUrl(s.url);
    if (!url) continue;
    sources.push({
      title: cleanText(s.title, FIELD_LIMITS.title),
      url,
      snippet: cleanText(s.snippet, 1000),
    });
  }
  const query = cleanText(f.query, 512);
  if (query === '' || sources.length === 0) return undefined;
  const facts = f.facts
    ?.map((fact) => ({ text: cleanText(fact.text, MAX_FACT_CHARS), confidence: fact.confidence }))
    .filter((fact) => fact.text !== '');
  if (facts !== undefined && facts.length === 0) return undefined;
  return {
    id: f.id,
    query,
    sources,
    provider: cleanText(f.provider, 64),
    learnedAt: new Date(f.learnedAt).toISOString(),
    ...(f.expiresAt === undefined ? {} : { expiresAt: new Date(f.expiresAt).toISOString() }),
    botId: f.botId,
    botName: cleanText(f.botName, 80) || f.botId,
    ...(f.userId === undefined ? {} : { userId: f.userId }),
    scope: f.scope,
    ...(facts === undefined ? {} : { facts }),
  };
}

/** The sites a finding cites, in order, without repeats. */
export function findingSites(finding: Finding): string[] {
  return [...new Set(finding.sources.map((s) => siteOf(s.url)).filter((s) => s !== ''))];
}

/** A sentence a bot can say: "Elena learned this on 2026-11-20 from en.wikipedia.org". */
export function learnedNote(finding: Finding, options: { maxSites?: number } = {}): string {
  const sites = findingSites(finding).slice(0, Math.max(1, options.maxSites ?? 2));
  const from = sites.length === 0 ? '' : ` from ${sites.join(', ')}`;
  return `${finding.botName} learned this on ${finding.learnedAt.slice(0, 10)}${from}`;
}
