import type { SearchErrorCode } from '../error-codes.ts';

/** What a failure with a given code does to its provider's breaker and to the search. */
export interface FailureRule {
  /** A fault of the provider: counts toward opening its breaker (failures in a row, the window's rate). */
  counts: boolean;
  /** Throttling: lowers the send rate instead of counting as a fault (and reopens a failed trial). */
  throttles: boolean;
  /**
   * Opens the breaker at once, for the time this option holds (the upstream judged it: such failures do not
   * heal in seconds), or for the error's Retry-After when `orRetryAfter` and it is longer.
   */
  opens?: { forOption: 'blockedMs' | 'quotaMs'; orRetryAfter: boolean };
  /** A hang: the provider is tried after the others at once (see `suspicion.ts`). */
  suspects: boolean;
  /**
   * Whether panic (every provider held back) may still try the provider after this failure: `always` (our own
   * judgement held it back), `after its open time` (a block: once its open time ends, a waiting trial is
   * our judgement), `never` (a rejected key or a spent quota waits for its trial's answer).
   */
  panic: 'always' | 'after its open time' | 'never';
}

const FAULT: FailureRule = {
  counts: true,
  throttles: false,
  suspects: false,
  panic: 'always',
};
/** Says nothing about the provider's health. */
const NOT_THE_PROVIDER: FailureRule = { ...FAULT, counts: false };

/**
 * Failure classification, in one place: every code a provider's attempt can end with, and what it means for
 * the breaker (see docs/chain.md, "The breaker"). An upstream's Retry-After is law whatever the code
 * (`upstream-wait.ts`). Whatever the code, the search asks the next provider at once (the scheduler): a
 * provider's refusal or fault is never the search's last word while another provider may answer.
 */
export const FAILURE_RULES: Readonly<Record<SearchErrorCode, FailureRule>> = {
  // 429: not a fault. The send rate drops (and a Retry-After, when given, holds every path back).
  rate_limited: { ...NOT_THE_PROVIDER, throttles: true },
  // Anomaly page, challenge, 403: open for `blockedMs`, or its Retry-After when longer.
  blocked: { ...FAULT, opens: { forOption: 'blockedMs', orRetryAfter: true }, panic: 'after its open time' },
  // A spent quota or a rejected key does not heal by itself: open for `quotaMs`.
  quota_exceeded: { ...FAULT, opens: { forOption: 'quotaMs', orRetryAfter: false }, panic: 'never' },
  unauthorized: { ...FAULT, opens: { forOption: 'quotaMs', orRetryAfter: false }, panic: 'never' },
  // A hang (its attempt limit or the deadline): suspect at once, and a fault.
  timeout: { ...FAULT, suspects: true },
  unavailable: FAULT,
  provider_error: FAULT,
  // Not attempts' codes, but a provider throwing one is judged as any unexplained failure is.
  no_provider: FAULT,
  // The provider refused this request: another may take it; its health is fine.
  invalid_request: NOT_THE_PROVIDER,
  // Our own spend budget had no room: the request was never sent.
  budget_exhausted: NOT_THE_PROVIDER,
};

/** Whether a failure with this code tells the breaker anything at all. */
export function concernsHealth(rule: FailureRule): boolean {
  return rule.counts || rule.throttles;
}
