import { cleanText, cleanUrl, FIELD_LIMITS } from '@agent-search/core';
import { type FindingFact, type FindingSource, MAX_FACT_CHARS, MAX_FACTS, MAX_SOURCES } from './finding.ts';
import type { FactsInput, RecalledFact, RecalledFinding } from './search-memory-types.ts';

/**
 * The facts worth keeping (002 §1D): cleaned, not empty, at or above `threshold` confidence (a fact given
 * as a string takes the input's `confidence`), at most `MAX_FACTS` (of at most four times as many read).
 */
export function confidentFacts(
  facts: readonly (string | FindingFact)[],
  confidence: number | undefined,
  threshold: number,
): FindingFact[] {
  const kept: FindingFact[] = [];
  for (const fact of facts.slice(0, MAX_FACTS * 4)) {
    const text = cleanText(typeof fact === 'string' ? fact : String(fact?.text ?? ''), MAX_FACT_CHARS);
    const sure = typeof fact === 'string' ? confidence : fact?.confidence;
    if (text === '' || typeof sure !== 'number' || !(sure >= threshold && sure <= 1)) continue;
    kept.push({ text, confidence: sure });
    if (kept.length === MAX_FACTS) break;
  }
  return kept;
}

/** The pages facts come from, as a finding's sources: http(s) URLs only, no snippet. */
export function factSources(sources: FactsInput['sources']): FindingSource[] {
  return sources.slice(0, MAX_SOURCES).flatMap((s) => {
    const url = cleanUrl(s.url);
    return url ? [{ title: cleanText(s.title ?? '', FIELD_LIMITS.title), url, snippet: '' }] : [];
  });
}

/** Recalled findings with facts as the facts, each with its sources and who learned it when. */
export function recalledFacts(recalled: readonly RecalledFinding[]): RecalledFact[] {
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
}
