import { cleanText, FIELD_LIMITS, siteOf } from '@agent-search/core';
import { FRESHNESS_KINDS, type FreshnessKind } from './freshness.ts';
import { cleanStoredUrl } from './stored-url.ts';

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
  /**
   * What kind of fact it is, which says how long it stays true (`FRESHNESS_MAX_AGE_MS`). Findings stored
   * before kinds were kept have none: the memory classifies them when it loads them.
   */
  kind?: FreshnessKind;
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
/**
 * Longest finding stored, in characters of its JSON: readers skip anything longer unread, so the writer
 * never stores it (`fitForStorage`), and what one bot writes every bot can read.
 */
export const MAX_STORED_FINDING_CHARS = 64 * 1024;
/** Bot ids name Redis keys: letters, digits, `_`, `-` and `.` only. */
export const BOT_ID = /^[\w.-]{1,64}$/;

const FINDING_ID = /^[\w-]{1,64}$/;
// What `toISOString` writes (fraction optional), in UTC: the only dates this package stores.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;
// Exactly what `toISOString` writes, hours, minutes and seconds in range: with a day that exists in its
// month, such a value is its own canonical form.
const CANONICAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number written in ASCII digits from `start` to `end` (the caller checked they are digits). */
function digits(text: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) n = n * 10 + text.charCodeAt(i) - 48;
  return n;
}

/**
 * A stored date in `toISOString`'s form, or undefined when it is not a date. A value already in that form
 * is returned as it is: the round trip through `Date` it would otherwise take (parsing, then writing the
 * string again) was a third of validating a finding, on every finding of a first load.
 */
function isoDateTime(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (CANONICAL_DATE_TIME.test(value)) {
    const year = digits(value, 0, 4);
    const month = digits(value, 5, 7);
    const day = digits(value, 8, 10);
    const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    if (month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1]! + (leap ? 1 : 0)) {
      return value;
    }
  }
  // Other fractions, or a day past its month's end (which Date rolls over): the long way, as before.
  if (!ISO_DATE_TIME.test(value)) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

// Bounds generous enough for any finding this package writes, tight enough to stop a forged one: text may
// be twice its limit before cleaning. Checked by hand, not by a schema library: a first load checks
// thousands of stored findings, and this reads each field once and copies nothing.
const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max * 2;
const isString = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max;
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
  const learnedAt = isoDateTime(f.learnedAt);
  const expiresAt = f.expiresAt === undefined ? undefined : isoDateTime(f.expiresAt);
  if (learnedAt === undefined || (f.expiresAt !== undefined && expiresAt === undefined)) return undefined;
  const sources: FindingSource[] = [];
  for (const s of f.sources) {
    const url = cleanStoredUrl(s.url);
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
    learnedAt,
    ...(expiresAt === undefined ? {} : { expiresAt }),
    botId: f.botId,
    botName: cleanText(f.botName, 80) || f.botId,
    ...(f.userId === undefined ? {} : { userId: f.userId }),
    scope: f.scope,
    ...(facts === undefined ? {} : { facts }),
    // An unknown kind (a newer writer's, or none) is left for the reader to classify.
    ...(FRESHNESS_KINDS.includes(f.kind as FreshnessKind) ? { kind: f.kind } : {}),
  };
}

/**
 * `finding` as every reader will take it (what `parseFinding` makes of it once stored), or undefined when
 * no form of it would be read: within `MAX_STORED_FINDING_CHARS` (facts, then sources, dropped from the end
 * until it fits: escaping can double a text's length), so the bot that writes a finding recalls what every
 * other bot recalls.
 */
export function fitForStorage(finding: Finding): Finding | undefined {
  let fitted = finding;
  for (;;) {
    const json = JSON.stringify(fitted);
    if (json.length <= MAX_STORED_FINDING_CHARS) {
      return parseFinding(JSON.parse(json));
    }
    const facts = fitted.facts;
    if (facts && facts.length > 1) fitted = { ...fitted, facts: facts.slice(0, -1) };
    else if (fitted.sources.length > 1) fitted = { ...fitted, sources: fitted.sources.slice(0, -1) };
    else return undefined;
  }
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
