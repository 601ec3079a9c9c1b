import type { SearchAttempt } from '../attempt.ts';
import type { SearchError } from '../errors.ts';
import type { ProviderResponse } from '../provider.ts';
import type { SearchRequest } from '../request.ts';
import type { SearchResponse } from '../response.ts';
import type { Attempt, AttemptEnd } from './attempt.ts';
import type { Refusal } from './breaker.ts';
import { aggregateError, REFUSAL_REASONS } from './outcome.ts';
import { costOf, recordExtras, searchResponse, totalCost } from './search-response.ts';

type Failure = Exclude<AttemptEnd, { kind: 'answer' }>;

/**
 * What one search reports: every provider's attempt in the order it happened (`attempts`), the errors a
 * failed search is explained by, and the first empty answer, served when nothing better comes. It decides
 * nothing: the run tells it what happened.
 */
export class RunRecord {
  readonly #attempts: SearchAttempt[];
  readonly #errors: SearchError[] = [];
  readonly #now: () => number;
  #empty: { attempt: Attempt; answer: ProviderResponse | undefined } | undefined;

  /** `skipped`: the providers the plan passed over. */
  constructor(skipped: SearchAttempt[], now: () => number) {
    this.#attempts = skipped;
    this.#now = now;
  }

  /** The first answer with no results, if any. */
  get empty(): { attempt: Attempt; answer: ProviderResponse | undefined } | undefined {
    return this.#empty;
  }

  answered(attempt: Attempt): void {
    this.#attempts.push({
      provider: attempt.id,
      outcome: 'success',
      ...recordExtras(attempt),
      ms: this.#ms(attempt),
    });
  }

  answeredEmpty(attempt: Attempt, answer: ProviderResponse | undefined): void {
    this.#attempts.push({
      provider: attempt.id,
      outcome: 'empty',
      reason: 'no results',
      ...recordExtras(attempt),
      ms: this.#ms(attempt),
    });
    this.#empty ??= { attempt, answer };
  }

  /** A hedge the spend budget had no room for: never sent, like any provider passed over. */
  notSent(attempt: Attempt, error: SearchError): void {
    this.#attempts.push({
      provider: attempt.id,
      outcome: 'skipped',
      code: error.code,
      reason: error.message,
      ms: this.#ms(attempt),
    });
  }

  /** A failure: an error, or its timer. */
  failed(attempt: Attempt, end: Failure): void {
    const { error } = end;
    this.#errors.push(error);
    // The spend budget had no room for its price: it was not sent, like any provider passed over.
    const outcome =
      error.code === 'budget_exhausted'
        ? 'skipped'
        : end.kind === 'error'
          ? 'error'
          : end.byDeadline
            ? 'deadline'
            : 'timeout';
    const record: SearchAttempt = {
      provider: attempt.id,
      outcome,
      code: error.code,
      reason: error.message,
      ...recordExtras(attempt),
      ms: this.#ms(attempt),
    };
    if (end.kind === 'timeout') record.limitMs = Math.round(attempt.options.limitMs);
    this.#attempts.push(record);
  }

  /** A provider never started: past the deadline, or held back by its breaker (`refusal`). */
  skipped(provider: string, why: string | Refusal): void {
    const reason = typeof why === 'string' ? why : REFUSAL_REASONS[why.reason];
    this.#attempts.push({ provider, outcome: 'skipped', reason, ms: 0 });
  }

  /** A provider reported as skipped is tried after all (panic): it is no longer skipped. */
  unskipped(provider: string): void {
    const skipped = this.#attempts.findIndex((a) => a.provider === provider && a.outcome === 'skipped');
    if (skipped >= 0) this.#attempts.splice(skipped, 1);
  }

  /** Attempts still running when the search ended: another answered first, or it was cancelled. */
  left(running: readonly Attempt[], reason: 'lost' | 'aborted'): void {
    const now = this.#now();
    for (const attempt of running) {
      this.#attempts.push({
        provider: attempt.id,
        outcome: reason,
        reason: reason === 'lost' ? 'another provider answered first' : 'the search was cancelled',
        ...recordExtras(attempt),
        ms: now - attempt.started,
      });
    }
  }

  /** An error that explains the search's failure without an attempt of its own (a provider held back). */
  explainedBy(error: SearchError): void {
    this.#errors.push(error);
  }

  /** The search's response from `attempt`'s answer; attempts still `running` were sent, and cost too. */
  response(
    request: SearchRequest,
    answered: { attempt: Attempt; answer: ProviderResponse | undefined; results: SearchResponse['results'] },
    running: readonly Attempt[],
    started: number,
  ): SearchResponse {
    const now = this.#now();
    return searchResponse(request, answered.attempt, answered.answer, answered.results, {
      attempts: this.#attempts,
      costUsd: totalCost([...this.#attempts, ...running.map((a) => costOf(a))]),
      searchTimeMs: now - started,
      now,
    });
  }

  /** One error for everything that failed. */
  failure(request: SearchRequest): SearchError {
    return aggregateError(request, this.#attempts, this.#errors);
  }

  #ms(attempt: Attempt): number {
    return this.#now() - attempt.started;
  }
}
