// The `web_search` contract's table of calls: argument cases (well-formed, coerced, clamped, refused) and
// failure cases (each error code, no provider, the deadline), each with the outcome every surface must give.

/** An argument case: the raw arguments, and what reaches the upstream (or the refusal). */
export interface ArgumentCase {
  args: Record<string, unknown>;
  /** Fields of the request the upstream receives. */
  sent?: Record<string, unknown>;
  /** Results the model reads. Default: what was sent (`maxResults`), 5 without one. */
  results?: number;
  /** The one refusal: the sentence, and nothing searched. */
  refused?: string | RegExp;
}

export const CONTRACT_QUERY = 'heat pumps';
const q = CONTRACT_QUERY;
const EMPTY = 'empty query: say what to search for';

/** At least 40 calls: well-formed, coerced, clamped and refused. */
export const ARGUMENT_CASES: readonly ArgumentCase[] = [
  // well-formed
  { args: { query: q }, sent: { query: q, mode: 'text', maxResults: 5 } },
  { args: { query: q, max_results: 8 }, sent: { maxResults: 8 } },
  { args: { query: q, mode: 'news' }, sent: { mode: 'news' } },
  { args: { query: q, mode: 'videos' }, sent: { mode: 'videos' } },
  { args: { query: q, time_range: 'week' }, sent: { timeRange: 'w' } },
  { args: { query: q, time_range: 'day' }, sent: { timeRange: 'd' } },
  { args: { query: q, include_sites: ['energy.gov'] }, sent: { includeDomains: ['energy.gov'] } },
  { args: { query: q, exclude_sites: ['pinterest.com'] }, sent: { excludeDomains: ['pinterest.com'] } },
  { args: { query: q, region: 'de-de' }, sent: { region: 'de-de' } },
  { args: { query: q, num_results: 3 }, sent: { maxResults: 3 } },
  // coerced: numeric strings, letter case, aliases, odd kinds
  { args: { query: q, max_results: '5' }, sent: { maxResults: 5 } },
  { args: { query: q, max_results: '7' }, sent: { maxResults: 7 } },
  { args: { query: q, mode: 'VIDEOS' }, sent: { mode: 'videos' } },
  { args: { query: q, mode: ' News ' }, sent: { mode: 'news' } },
  { args: { query: q, timelimit: 'd' }, sent: { timeRange: 'd' } },
  { args: { query: q, timelimit: 'W' }, sent: { timeRange: 'w' } },
  { args: { query: q, time_range: 'MONTH' }, sent: { timeRange: 'm' } },
  { args: { query: q, max_results: 7, num_results: 2 }, sent: { maxResults: 7 } },
  { args: { query: q, include_sites: 'who.int, cdc.gov' }, sent: { includeDomains: ['who.int', 'cdc.gov'] } },
  { args: { query: q, region: 'US-EN' }, sent: { region: 'us-en' } },
  { args: { query: `  ${q}  ` }, sent: { query: q } },
  {
    args: { query: q, mode: null, max_results: null, time_range: null },
    sent: { mode: 'text', maxResults: 5 },
  },
  // the default: 0, missing, not a number
  { args: { query: q, max_results: 0 }, sent: { maxResults: 5 } },
  { args: { query: q, max_results: '0' }, sent: { maxResults: 5 } },
  { args: { query: q, max_results: 'many' }, sent: { maxResults: 5 } },
  { args: { query: q, max_results: true }, sent: { maxResults: 5 } },
  // clamped
  { args: { query: q, max_results: 50 }, sent: { maxResults: 10 } },
  { args: { query: q, max_results: '11' }, sent: { maxResults: 10 } },
  { args: { query: q, max_results: -3 }, sent: { maxResults: 1 } },
  { args: { query: q, max_results: 4.9 }, sent: { maxResults: 4 } },
  { args: { query: q, num_results: 40 }, sent: { maxResults: 10 } },
  // unknown → the default
  { args: { query: q, mode: 'images' }, sent: { mode: 'text' } },
  { args: { query: q, mode: 3 }, sent: { mode: 'text' } },
  { args: { query: q, time_range: 'decade' }, sent: { mode: 'text', maxResults: 5 } },
  { args: { query: q, timelimit: 7 }, sent: { mode: 'text', maxResults: 5 } },
  { args: { query: q, region: 'united states' }, sent: { mode: 'text', maxResults: 5 } },
  { args: { query: q, include_sites: [3, 'who.int'] }, sent: { includeDomains: ['who.int'] } },
  // refused: an empty or too long query, and nothing else
  { args: { query: '' }, refused: EMPTY },
  { args: { query: '   \t ' }, refused: EMPTY },
  { args: {}, refused: EMPTY },
  { args: { query: null }, refused: EMPTY },
  { args: { query: 'why '.repeat(200) }, refused: 'query is 799 characters long; the limit is 512' },
];

/** A failure case: how the upstream (or the set-up) fails, and the one sentence and code the model reads for it. */
export interface FailureCase {
  name: string;
  upstream: 'status' | 'malformed' | 'network' | 'hang' | 'no-provider';
  status?: number;
  sentence: string;
  /** The error code, in the formats that carry one (`agent-server`'s `error_type`). */
  code: string;
}

const UNAVAILABLE = 'the search service is unavailable right now';

/** At least 10: each error code, no usable provider, and the deadline. */
export const FAILURE_CASES: readonly FailureCase[] = [
  {
    name: 'a 429 (rate_limited)',
    upstream: 'status',
    status: 429,
    sentence: 'rate limited',
    code: 'rate_limited',
  },
  {
    name: 'a bot challenge, 403 (blocked)',
    upstream: 'status',
    status: 403,
    sentence: 'rate limited',
    code: 'blocked',
  },
  {
    name: 'a 401 (unauthorized)',
    upstream: 'status',
    status: 401,
    sentence: 'search is not set up correctly: the provider rejected its credentials',
    code: 'unauthorized',
  },
  {
    name: 'a 402 (quota_exceeded)',
    upstream: 'status',
    status: 402,
    sentence: 'the search quota is used up for now',
    code: 'quota_exceeded',
  },
  {
    name: 'a 500 (unavailable)',
    upstream: 'status',
    status: 500,
    sentence: UNAVAILABLE,
    code: 'unavailable',
  },
  {
    name: 'a 503 (unavailable)',
    upstream: 'status',
    status: 503,
    sentence: UNAVAILABLE,
    code: 'unavailable',
  },
  {
    name: 'a 400 (invalid_request upstream)',
    upstream: 'status',
    status: 400,
    sentence: 'the search request was not valid',
    code: 'invalid_request',
  },
  {
    name: 'a malformed body (provider_error)',
    upstream: 'malformed',
    sentence: 'the search failed',
    code: 'provider_error',
  },
  { name: 'a network error (unavailable)', upstream: 'network', sentence: UNAVAILABLE, code: 'unavailable' },
  { name: 'the deadline (timeout)', upstream: 'hang', sentence: 'search timed out', code: 'timeout' },
  {
    name: 'no usable provider (no_provider)',
    upstream: 'no-provider',
    sentence: 'no search provider can run this kind of search right now',
    code: 'no_provider',
  },
];
