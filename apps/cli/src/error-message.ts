import type { ProviderSummary, SearchAttempt, SearchError } from '@agent-search/core';

export interface ErrorContext {
  /** Every known provider, as configuration reported them. */
  providers: readonly ProviderSummary[];
  /** Environment variable holding each provider's API key, by provider id. */
  keyVariables: ReadonlyMap<string, string>;
  timeoutMs: number;
  mode: string;
}

function nameOf(id: string | undefined, context: ErrorContext): string {
  return context.providers.find((p) => p.id === id)?.name ?? id ?? 'the search provider';
}

/**
 * "configure TAVILY_API_KEY or EXA_API_KEY": the keys of fallbacks not set up yet, if any (a provider
 * searching keyless counts: its key brings limits of your own; one needing consent does not).
 */
function fallbackHint(context: ErrorContext): string {
  const missing = context.providers
    // A paid search on a key set for something else (an LLM vendor's) would need more than its key.
    .filter((p) => (!p.configured || p.keyless) && !p.needsConsent && context.keyVariables.has(p.id))
    .map((p) => context.keyVariables.get(p.id)!);
  if (missing.length === 0) return '';
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} or ${missing.at(-1)}`;
  return ` or configure ${list} for a fallback provider`;
}

/**
 * Which limit a timed-out search hit, and what would help: the deadline (--timeout), or each provider's
 * own limit (--attempt-timeout); more time for one provider helps only when the deadline has room.
 */
function explainTimeout(attempts: readonly SearchAttempt[], context: ErrorContext): string {
  if (attempts.some((a) => a.outcome === 'deadline')) {
    return `The search did not finish within ${context.timeoutMs} ms; try again, or allow more time with --timeout.`;
  }
  const timedOut = attempts.filter((a) => a.outcome === 'timeout');
  if (timedOut.length === 0) {
    return `The search did not finish within ${context.timeoutMs} ms; try again, or allow more time with --timeout.`;
  }
  const each = timedOut.map((a) => `${nameOf(a.provider, context)} within ${a.limitMs ?? '?'} ms`).join(', ');
  return `No provider answered in the time it was given (${each}, inside the ${context.timeoutMs} ms deadline); try again, or give each provider more time with --attempt-timeout (and --timeout)${fallbackHint(context)}.`;
}

/** "a minute", or the wait the provider asked for: "20 minutes", "2 hours". */
function waitOf(retryAfterMs: number | undefined): string {
  if (retryAfterMs === undefined || retryAfterMs <= 60_000) return 'a minute';
  const minutes = Math.ceil(retryAfterMs / 60_000);
  if (minutes < 120) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

function keyOf(id: string | undefined, context: ErrorContext): string {
  return (id && context.keyVariables.get(id)) || 'the API key';
}

/**
 * What a person should read when a search fails: what happened and what they can do about it, by error
 * code. The provider's own message follows on a second line, for detail.
 */
export function explainSearchError(error: SearchError, context: ErrorContext): string {
  const name = nameOf(error.provider, context);
  switch (error.code) {
    case 'rate_limited':
      return `${name} is rate-limiting this machine; try again in ${waitOf(error.retryAfterMs)}${fallbackHint(context)}.`;
    case 'blocked':
      return `${name} is blocking automated searches from this machine for now; try again in a few minutes${fallbackHint(context)}.`;
    case 'quota_exceeded':
      return `${name}'s quota or credit is used up; check your plan, or wait until it renews${fallbackHint(context)}.`;
    case 'unauthorized':
      // A keyless provider (a SearXNG instance) refuses for its own reasons, which its message gives.
      return error.provider && !context.keyVariables.has(error.provider)
        ? `${name} refused the request.`
        : `${name} rejected the API key; check ${keyOf(error.provider, context)}.`;
    case 'timeout':
      return explainTimeout(error.attempts ?? [], context);
    case 'unavailable':
      // With a status the provider was reached and answered with an error: not the network's fault.
      return error.status === undefined
        ? `Could not reach ${name}; check your network connection.`
        : `${name} answered with an error (HTTP ${error.status}); try again later${fallbackHint(context)}.`;
    case 'provider_error':
      return `${name} answered with something unexpected; try again later.`;
    case 'no_provider':
      return `No configured provider can serve this ${context.mode} search; see "agent-search providers".`;
    case 'invalid_request':
      return 'The search request is invalid.';
    case 'budget_exhausted':
      // Core's own sentence: how much, when it renews, which variable raises it.
      return `${error.message}.`;
  }
}
