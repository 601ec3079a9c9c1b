// A leaf module: responses (an attempt's code) and errors both name these codes without importing each other.

/** Stable error codes: callers branch on these, never on messages. */
export const SEARCH_ERROR_CODES = [
  'invalid_request',
  'rate_limited',
  'blocked',
  'quota_exceeded',
  'unauthorized',
  'timeout',
  'unavailable',
  'provider_error',
  'no_provider',
  // The spend budget (SEARCH_BUDGET_USD) has no room for a paid request; the message says when it renews.
  'budget_exhausted',
] as const;

export type SearchErrorCode = (typeof SEARCH_ERROR_CODES)[number];
