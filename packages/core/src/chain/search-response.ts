import type { ProviderResponse } from '../provider.ts';
import type { SearchRequest } from '../request.ts';
import type { SearchResponse } from '../response.ts';
import { cleanText, FIELD_LIMITS } from '../text.ts';
import type { Attempt } from './attempt.ts';

/** An attempt's cost as the field its record carries: none when it cost nothing. */
export function costOf(attempt: Attempt): { costUsd?: number } {
  return attempt.costUsd > 0 ? { costUsd: attempt.costUsd } : {};
}

/**
 * What every record of an attempt carries beside its outcome: a keyless answer or failure says so (its
 * limits are shared, its results the same kind), a paid one what it cost.
 */
export function recordExtras(attempt: Attempt): { keyless?: true; costUsd?: number } {
  return { ...(attempt.candidate.provider.keyless ? { keyless: true as const } : {}), ...costOf(attempt) };
}

/** The sum of the costs, rounded to a millionth of a dollar (sums of decimal prices drift in binary). */
export function totalCost(parts: readonly { costUsd?: number }[]): number {
  return Math.round(parts.reduce((sum, p) => sum + (p.costUsd ?? 0), 0) * 1e6) / 1e6;
}

/** The search's response from the attempt that answered (or the first empty answer, with no results). */
export function searchResponse(
  request: SearchRequest,
  attempt: Attempt,
  answer: ProviderResponse | undefined,
  results: SearchResponse['results'],
  run: { attempts: SearchResponse['attempts']; costUsd: number; searchTimeMs: number; now: number },
): SearchResponse {
  const limited = results.slice(0, request.maxResults);
  const response: SearchResponse = {
    query: request.query,
    mode: attempt.candidate.request.mode,
    results: limited,
    provider: attempt.id,
    cached: false,
    searchTimeMs: run.searchTimeMs,
    totalResults: Math.max(limited.length, answer?.totalResults ?? 0),
    fetchedAt: new Date(run.now).toISOString(),
    attempts: run.attempts,
  };
  if (run.costUsd > 0) response.costUsd = run.costUsd;
  const text = cleanText(answer?.answer, FIELD_LIMITS.answer);
  if (text !== '') response.answer = text;
  return response;
}
