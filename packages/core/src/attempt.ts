import type { SearchErrorCode } from './error-codes.ts';

/**
 * What happened to one provider in a search: `success` (answered with results), `empty` (answered with
 * none; the next provider was tried), `error` (failed with `code`), `timeout` (ended at its own attempt
 * limit, `limitMs`), `deadline` (cut by the search's deadline), `lost` (a faster provider answered first),
 * `aborted` (the caller gave up), `skipped` (could not serve the request, cooling down, or no time left).
 */
export type AttemptOutcome =
  | 'success'
  | 'empty'
  | 'error'
  | 'timeout'
  | 'deadline'
  | 'lost'
  | 'aborted'
  | 'skipped';

/** One provider the client tried (or skipped) while answering a request. */
export interface SearchAttempt {
  provider: string;
  outcome: AttemptOutcome;
  /** Error code when the outcome is "error", "timeout" or "deadline". */
  code?: SearchErrorCode;
  /** The time the attempt was given, when it ran out ("timeout", "deadline"). */
  limitMs?: number;
  /** Why it was skipped ("cooling down", "no videos search") or failed, in a few words. */
  reason?: string;
  /** The provider searched without a key, in its keyless mode (shared limits): set when it was asked. */
  keyless?: true;
  /**
   * What its request cost in US dollars at the provider's list price, when above zero: a request sent to a
   * paid provider (answered, empty, timed out, lost or cancelled after sending); not one the upstream refused
   * with an HTTP error.
   */
  costUsd?: number;
  ms: number;
}
