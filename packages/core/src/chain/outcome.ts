import type { SearchAttempt } from '../attempt.ts';
import type { SearchErrorCode } from '../error-codes.ts';
import { isAbortError, isSearchError, SearchError } from '../errors.ts';
import type { SearchProvider } from '../provider.ts';
import type { SearchRequest } from '../request.ts';
import { type SearchResult, urlMatchesDomain } from '../result.ts';
import type { ProviderHealth, Refusal } from './breaker.ts';

/** Why a breaker held a provider back, in the words of `attempts` and errors. */
export const REFUSAL_REASONS: Record<Refusal['reason'], string> = {
  'upstream wait': 'waiting out its Retry-After',
  open: 'breaker open',
  'trial running': 'breaker half-open, a trial is running',
  throttled: 'held to its send rate after throttling',
};

/** The error of a provider its breaker held back from a search: its last code, with the wait left. */
export function heldBackError(
  provider: Pick<SearchProvider, 'id' | 'name'>,
  refusal: Refusal,
  health: ProviderHealth,
  now: number,
): SearchError {
  const code = health.lastErrorCode ?? 'unavailable';
  const waitMs = Math.max(0, (health.coolingUntil ?? 0) - now);
  const held = `${provider.name} is ${REFUSAL_REASONS[refusal.reason]} after ${code}`;
  return new SearchError(code, waitMs === 0 ? held : `${held}; next try in ${Math.ceil(waitMs / 1000)} s`, {
    provider: provider.id,
    ...(waitMs > 0 ? { retryAfterMs: waitMs } : {}),
  });
}

// Which code best explains a failed search to a person: what they can act on comes first. One provider
// refusing a request another could not even reach is that provider's limit, not the caller's mistake, so
// `invalid_request` wins only when no other code is there.
const CODE_PRIORITY: SearchErrorCode[] = [
  // The budget stopped what might have answered: the user's own limit, which they can raise.
  'budget_exhausted',
  'rate_limited',
  'quota_exceeded',
  'unauthorized',
  'blocked',
  'timeout',
  'unavailable',
  'provider_error',
  'invalid_request',
  'no_provider',
];

/** What a provider's rejection means, as a `SearchError`. */
export function toSearchError(error: unknown, provider: string): SearchError {
  if (isSearchError(error)) return error;
  if (isAbortError(error) && (error as Error).name === 'TimeoutError') {
    return new SearchError('timeout', `${provider} did not answer in time`, { provider });
  }
  // Unknown errors keep only their class name in the message: upstream text may carry secrets.
  const kind = error instanceof Error ? error.name : typeof error;
  return new SearchError('provider_error', `${provider} failed unexpectedly (${kind})`, {
    provider,
    cause: error,
  });
}

/** The request's domain filter as a predicate (a provider applying it by `site:` terms may stray); undefined when it has none. */
export function domainFilter(request: SearchRequest): ((result: SearchResult) => boolean) | undefined {
  if (request.includeDomains.length === 0 && request.excludeDomains.length === 0) return undefined;
  return (r) =>
    (request.includeDomains.length === 0 || request.includeDomains.some((d) => urlMatchesDomain(r.url, d))) &&
    !request.excludeDomains.some((d) => urlMatchesDomain(r.url, d));
}

/** One error for a search that no provider answered: the most useful code for a person, every attempt listed. */
export function aggregateError(
  request: SearchRequest,
  attempts: SearchAttempt[],
  errors: SearchError[],
): SearchError {
  if (errors.length === 0) {
    const reasons = attempts.map((a) => `${a.provider}: ${a.reason ?? a.outcome}`).join('; ');
    return new SearchError(
      'no_provider',
      `No search provider can serve this ${request.mode} search${reasons ? ` (${reasons})` : ''}`,
      { attempts, retryable: false },
    );
  }
  const best = [...errors].sort((a, b) => CODE_PRIORITY.indexOf(a.code) - CODE_PRIORITY.indexOf(b.code))[0]!;
  const message =
    errors.length === 1 || best.code === 'budget_exhausted'
      ? best.message
      : `Every search provider failed; ${best.provider ?? 'one'}: ${best.message}`;
  return new SearchError(best.code, message, {
    provider: best.provider,
    retryAfterMs: best.retryAfterMs,
    status: best.status,
    retryable: errors.some((e) => e.retryable),
    cause: best,
    attempts,
  });
}
