import { isSearchError } from '../errors.ts';

/** For a tool call without a query. */
export const EMPTY_QUERY_ERROR = 'empty query: say what to search for';
/** For a call its caller cancelled (an interrupted turn, a closed session, a server shutting down). */
export const CANCELLED_ERROR = 'search cancelled';

// One sentence per error code, safe to show a model: upstream messages may carry keys or markup.
const TOOL_ERROR_SENTENCES = {
  invalid_request: 'the search request was not valid',
  rate_limited: 'rate limited',
  timeout: 'search timed out',
  // A search engine throttling this machine (a challenge, an anomaly or 403 page) is a rate limit to the
  // model: one throttling word on every surface, the one the tool rules explain ("try again in a minute").
  blocked: 'rate limited',
  quota_exceeded: 'the search quota is used up for now',
  unauthorized: 'search is not set up correctly: the provider rejected its credentials',
  unavailable: 'the search service is unavailable right now',
  provider_error: 'the search failed',
  no_provider: 'no search provider can run this kind of search right now',
  budget_exhausted: 'the search spend budget is used up for now; searching works again when it renews',
} as const;

/**
 * The sentence a model gets for a failed search, the same in every tool adapter. Never the upstream
 * message, except core's own request validation, whose messages name only the input.
 */
export function toolErrorMessage(error: unknown): string {
  if (!isSearchError(error)) return TOOL_ERROR_SENTENCES.provider_error;
  if (error.code === 'invalid_request' && error.provider === undefined) return error.message;
  return TOOL_ERROR_SENTENCES[error.code] ?? TOOL_ERROR_SENTENCES.provider_error;
}
